import { code, count, phrase, type Phrase } from "./phrase";

/*
 * A compaction receipt in words: what was summarized, why, and what became of the names the
 * summary must keep. The summarized span itself is shown as links to its messages by the page.
 */

/** The fields of a receipt the words read (CompactionReceipt). */
type ReceiptFacts = {
  status: string;
  reason: string | null;
  trigger: string;
  tokensBefore: number | null;
  tokensAfter: number | null;
  namesKept: number | null;
  namesRepaired: string[];
  namesFiled: number | null;
  modelId: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number | null;
};

export type ReceiptRow = { label: string; value: Phrase };

const OUTCOMES: Record<string, string> = {
  running: "Summarizing now",
  saved: "Saved: the model reads this summary instead of the older messages",
  discarded: "Not used",
  failed: "Failed; the previous context stays in force",
  skipped: "Skipped",
  interrupted: "Interrupted",
};

const TRIGGERS: Record<string, string> = {
  threshold: "the last request to the model came close to the compaction threshold",
  overflow: "the conversation overflowed the model's context window",
  bounded: "the conversation no longer fitted the model's context window without a summary",
  manual: "it was asked for",
};

function receiptOutcome(r: Pick<ReceiptFacts, "status" | "reason">): string {
  const base = OUTCOMES[r.status] ?? r.status;
  return r.reason ? `${base}: ${r.reason}` : base;
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The receipt's facts as labelled sentences, in reading order (the summarized span goes after the outcome). */
export function receiptRows(r: ReceiptFacts): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    { label: "Outcome", value: [receiptOutcome(r)] },
    { label: "Why", value: [TRIGGERS[r.trigger] ? `Started because ${TRIGGERS[r.trigger]}.` : `Started by “${r.trigger}”.`] },
  ];
  if (r.tokensBefore !== null)
    rows.push({
      label: "Size",
      value: [
        r.tokensAfter !== null
          ? `${count(r.tokensBefore, "token")} of messages became a summary of ${count(r.tokensAfter, "token")}.`
          : `${count(r.tokensBefore, "token")} of messages to summarize.`,
      ],
    });
  rows.push({ label: "Names", value: namesWords(r) });
  if (r.modelId) {
    const usage =
      r.inputTokens !== null ? ` (it read ${count(r.inputTokens, "token")} and wrote ${count(r.outputTokens ?? 0, "token")})` : "";
    const took = r.durationMs !== null ? `, in ${seconds(r.durationMs)}` : "";
    rows.push({ label: "Written by", value: phrase`${code(r.modelId)}${usage}${took}.` });
  }
  return rows;
}

/** What became of the file paths, identifiers and other names the messages held: the summary must keep them all. */
function namesWords(r: ReceiptFacts): Phrase {
  const kept = r.namesKept ?? 0;
  const out: Array<string | Phrase> = [
    kept === 0
      ? "The messages named no files, identifiers or links for the summary to keep."
      : `The summary keeps the ${count(kept, "name")} (file paths, identifiers, links) the messages used.`,
  ];
  if (r.namesRepaired.length > 0) {
    const shown = r.namesRepaired.slice(0, 5).map((n) => code(n));
    const more = r.namesRepaired.length - shown.length;
    const listed = shown.flatMap((c, i) => (i === 0 ? [c] : [", ", c]));
    out.push(
      phrase` ${count(r.namesRepaired.length, "name was", "names were")} missing from the first draft and put back: ${listed}${more > 0 ? ` and ${more} more` : ""}.`,
    );
  }
  if (r.namesFiled)
    out.push(
      phrase` ${count(r.namesFiled, "name")} did not fit the summary's budget and ${r.namesFiled === 1 ? "is" : "are"} listed in ${code("context/names.md")}.`,
    );
  return out.flatMap((p) => (typeof p === "string" ? [p] : p));
}
