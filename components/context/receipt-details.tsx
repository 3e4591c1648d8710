import type { CompactionReceipt } from "@/lib/api";
import { ReceiptLinks } from "./receipt-links";
import { formatCount } from "@/components/ui/format-count";

/** What was summarized and how: the compaction's receipt, so nobody has to guess. */
export function ReceiptDetails({ receipt, summaryText }: { receipt: CompactionReceipt; summaryText?: string }) {
  const rows: Array<[string, string]> = [
    ["outcome", receipt.reason ? `${receipt.status} (${receipt.reason})` : receipt.status],
    ["trigger", receipt.trigger],
    ["span", receipt.spanFirstId ? `${receipt.spanFirstId} … ${receipt.spanLastId}` : "—"],
    [
      "tokens",
      receipt.tokensBefore !== null
        ? `${formatCount(receipt.tokensBefore)} → ${receipt.tokensAfter !== null ? formatCount(receipt.tokensAfter) : "?"}`
        : "—",
    ],
    ["names kept", String(receipt.namesKept ?? 0)],
    ["names repaired", receipt.namesRepaired.length ? receipt.namesRepaired.join(", ") : "none"],
    ["names filed", receipt.namesFiled ? `${receipt.namesFiled} (did not fit the summary; listed in context/names.md)` : "none"],
    ["model", receipt.modelId ?? "—"],
    ["summarizer usage", receipt.inputTokens !== null ? `${receipt.inputTokens} in / ${receipt.outputTokens} out` : "—"],
    ["time", `${new Date(receipt.startedAt).toLocaleString()}${receipt.durationMs !== null ? ` · ${receipt.durationMs} ms` : ""}`],
  ];
  return (
    <>
      <dl
        className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 border-t border-neutral-200 pt-2 text-xs text-neutral-600"
        data-testid="summary-receipt"
      >
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-neutral-500">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      {summaryText !== undefined && <ReceiptLinks receipt={receipt} summaryText={summaryText} />}
    </>
  );
}
