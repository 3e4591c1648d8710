import type { ContextInfo } from "@/lib/api";
import { formatCount } from "@/components/ui/format-count";

/** Pins, cache reads per call and why a summary is not used: the parts of the inspector issue 12 added. */
export function ContextDetails({ info }: { info: ContextInfo }) {
  const { pins, calls } = info;
  return (
    <>
      {info.summaryStale && info.staleReason && (
        <p data-testid="inspector-stale-reason" className="rounded bg-amber-50 p-2 text-amber-900">
          The summary is not used: {info.staleReason}. The next compaction writes a new one.
        </p>
      )}
      <section data-testid="inspector-pins">
        <h3 className="mb-1 font-semibold text-neutral-700">Pinned messages</h3>
        <p>
          {pins.count} pinned · {formatCount(pins.tokens)} / {formatCount(pins.budgetTokens)} tokens of the pin budget
        </p>
        {pins.sent.length > 0 && (
          <ul className="mt-1 list-disc pl-4 text-neutral-600">
            {pins.sent.map((p) => (
              <li key={p.id} data-testid="inspector-pin">
                #{p.seq} {p.role}, {p.tokens} tokens: sent verbatim after the {info.boundedSpan ? "note on older messages" : "summary"}
              </li>
            ))}
          </ul>
        )}
        {pins.overBudget.length > 0 && (
          <p className="text-amber-800">{pins.overBudget.length} pinned message(s) over the budget are not sent.</p>
        )}
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-neutral-700">Prompt cache, per call</h3>
        {calls.length === 0 ? (
          <p className="text-neutral-500">No request yet.</p>
        ) : (
          <table className="w-full text-left" data-testid="inspector-calls">
            <thead className="text-neutral-500">
              <tr>
                <th className="font-medium">input</th>
                <th className="font-medium">from cache</th>
                <th className="font-medium">output</th>
                <th className="font-medium">model</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((c) => (
                <tr key={c.id} data-testid="inspector-call">
                  <td>{c.inputTokens != null ? formatCount(c.inputTokens) : "?"}</td>
                  <td>{c.cacheReadTokens != null ? formatCount(c.cacheReadTokens) : "—"}</td>
                  <td>{c.outputTokens != null ? formatCount(c.outputTokens) : "?"}</td>
                  <td className="max-w-[10rem] truncate font-mono" title={c.modelId} data-testid="inspector-call-model">
                    {c.modelId}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-1 text-neutral-500">
          Summary budget {formatCount(info.thresholds.summaryMaxTokens)} tokens; names that do not fit are listed in context/names.md.
        </p>
      </section>
    </>
  );
}
