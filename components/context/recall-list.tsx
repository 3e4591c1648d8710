import type { ContextInfo } from "@/lib/api";

/** The agent's lookups in the stored history: what it searched for or read back, and what it found. */
export function RecallList({ recalls }: { recalls: ContextInfo["recalls"] }) {
  if (recalls.length === 0) return null;
  return (
    <section data-testid="inspector-recalls">
      <h3 className="mb-1 font-semibold text-neutral-700">Recalls from the stored history</h3>
      <ul className="space-y-0.5">
        {recalls.map((r, i) => (
          <li key={`${r.replyId}-${i}`}>
            <span className="font-mono">{r.tool}</span>{" "}
            {r.tool === "search_history" ? `"${r.query ?? ""}" → ${r.found ?? "?"} found` : `${r.messageIds.length} message(s)`} · reply #
            {r.replySeq}
          </li>
        ))}
      </ul>
    </section>
  );
}
