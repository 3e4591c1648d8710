import { MessageLink } from "@/components/search/message-link";
import type { ContextInfo } from "@/lib/api";
import { count } from "@/lib/words/phrase";

/** The agent's lookups in the stored history: what it searched for or read back, and what it found, each with a link to the reply that did it. */
export function RecallList({ recalls }: { recalls: ContextInfo["recalls"] }) {
  if (recalls.length === 0) return null;
  return (
    <section data-testid="inspector-recalls">
      <h3 className="mb-1 font-semibold text-neutral-700">Recalls from the stored history</h3>
      <ul className="space-y-0.5">
        {recalls.map((r, i) => (
          <li key={`${r.replyId}-${i}`}>
            {r.tool === "search_history" ? (
              <>
                Searched for <code className="font-mono">{r.query ?? ""}</code>:{" "}
                {r.found === null ? "result not known" : r.found === 0 ? "no hits" : count(r.found, "hit")}
              </>
            ) : (
              `Read back ${count(r.messageIds.length, "message")}`
            )}
            , in{" "}
            <MessageLink seq={r.replySeq} messageId={r.replyId}>
              reply #{r.replySeq}
            </MessageLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
