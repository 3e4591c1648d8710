import { type Args, type ToolDescriber, list, num, record, str } from "./call-words";
import { code, count, phrase } from "./phrase";

// The recall tools of lib/search/recall-tools.ts.

const query = (input: Args) => code(str(input.query) ?? "");

/** "#3, #7 and #12" */
function seqList(seqs: number[]): string {
  const named = seqs.map((s) => `#${s}`);
  if (named.length <= 1) return named.join("");
  return `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}

export const searchHistoryWords: ToolDescriber = {
  doing: (input) => phrase`Searching the history for ${query(input)}`,
  intent: (input) => phrase`search the history for ${query(input)}`,
  done: (input, output) => {
    const hits = list(output.results).length;
    return { summary: phrase`Searched the history for ${query(input)}: ${hits === 0 ? "no hits" : count(hits, "hit")}`, outcome: "done" };
  },
};

export const readMessagesWords: ToolDescriber = {
  doing: () => ["Reading back messages from the history"],
  intent: (input) => {
    const from = num(input.fromSeq);
    return from === undefined ? ["read back messages from the history"] : [`read back messages from #${from} on`];
  },
  done: (_input, output) => {
    const seqs = list(output.messages)
      .map((m) => num(record(m).seq))
      .filter((s): s is number => s !== undefined);
    const missing = list(output.missing).length;
    const notes = [
      ...(output.truncated === true ? ["cut to fit the reading budget"] : []),
      ...(missing > 0 ? [`${count(missing, "message")} not found`] : []),
    ];
    const summary =
      seqs.length === 0
        ? "Read back no messages from the history: none matched"
        : `Read back ${count(seqs.length, "message")} from the history (${seqs.length <= 6 ? seqList(seqs) : `#${seqs[0]} to #${seqs[seqs.length - 1]}`})`;
    return { summary: [notes.length ? `${summary}; ${notes.join(", ")}` : summary], outcome: "done" };
  },
  failure: (codeName) => (codeName === "invalid_input" ? ["No message ids or range of messages were given."] : undefined),
};
