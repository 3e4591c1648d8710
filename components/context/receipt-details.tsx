import type { ReactNode } from "react";
import { PhraseText } from "@/components/chat/phrase-text";
import { MessageLink } from "@/components/search/message-link";
import type { CompactionReceipt } from "@/lib/api";
import { receiptRows } from "@/lib/words/receipt-words";
import { ReceiptLinks } from "./receipt-links";

/** What was summarized and how, in words: the compaction's receipt, so nobody has to guess. */
export function ReceiptDetails({ receipt, summaryText }: { receipt: CompactionReceipt; summaryText?: string }) {
  const [outcome, ...rest] = receiptRows(receipt);
  const from = receipt.spanFirstSeq;
  const to = receipt.spanLastSeq;
  return (
    <>
      <dl
        className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 border-t border-neutral-200 pt-2 text-xs text-neutral-700"
        data-testid="summary-receipt"
      >
        <Row label={outcome.label}>
          <PhraseText phrase={outcome.value} />
        </Row>
        <Row label="Summarized">
          {from !== null && to !== null ? (
            <span data-testid="receipt-span">
              {to - from + 1} messages, from{" "}
              <MessageLink seq={from} messageId={receipt.spanFirstId} label={`Open message ${from}, the first one summarized`}>
                message #{from}
              </MessageLink>{" "}
              to{" "}
              <MessageLink seq={to} messageId={receipt.spanLastId} label={`Open message ${to}, the last one summarized`}>
                message #{to}
              </MessageLink>
            </span>
          ) : receipt.spanFirstId ? (
            "messages since edited or removed"
          ) : (
            "no messages"
          )}
        </Row>
        {rest.map((row) => (
          <Row key={row.label} label={row.label}>
            <PhraseText phrase={row.value} />
          </Row>
        ))}
        <Row label="When">{new Date(receipt.startedAt).toLocaleString()}</Row>
      </dl>
      {summaryText !== undefined && <ReceiptLinks receipt={receipt} summaryText={summaryText} />}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-neutral-600">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
