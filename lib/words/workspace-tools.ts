import { type Args, type CallWords, type ToolDescriber, num, str } from "./call-words";
import { code, count, lineCount, phrase, type Phrase } from "./phrase";

// The file tools of lib/workspace/tools.ts.

const file = (input: Args, output?: Args) => code(str(output?.path) ?? str(input.path) ?? "a file");
const done = (summary: Phrase, detail?: Phrase): CallWords => ({ summary, outcome: "done", ...(detail ? { detail } : {}) });
/** A result the server rebuilt after it stopped mid-call (lib/chat/interrupted-tools.ts). */
const recovered = (output: Args): Phrase | undefined => (str(output.recovered) ? [str(output.recovered)!] : undefined);

const authorWords = (a: unknown) => (a === "person" ? "you" : a === "agent" ? "the agent" : "someone");

/** Why a write or delete was refused: the agent may only replace what it has seen. */
function conflictWords(output: Args, input: Args, verb: string): Phrase {
  const f = file(input, output);
  const by = authorWords(output.lastAuthor);
  const version = num(output.currentVersion);
  switch (output.reason) {
    case "not_read":
      return phrase`${f} already exists (version ${version ?? "?"}, last changed by ${by}) and the agent had not read it first, so it was not ${verb}.`;
    case "changed":
      return phrase`${f} was changed by ${by} after the agent read it (now version ${version ?? "?"}), so it was not ${verb}.`;
    case "created":
      return phrase`${f} was created by ${by} after the agent looked, so it was not ${verb}.`;
    case "deleted":
      return phrase`${f} was deleted after the agent read it, so it was not ${verb}.`;
    default:
      return phrase`${f} changed since the agent last read it, or was not read first, so it was not ${verb}.`;
  }
}

/** Codes every file tool can answer (lib/workspace/paths.ts, write-tx.ts): their messages are already plain words. */
function commonFailure(codeName: string, input: Args, output: Args): Phrase | undefined {
  if (codeName === "not_found") return phrase`${file(input, output)} does not exist.`;
  if (codeName === "invalid_path")
    return phrase`${code(str(output.path) ?? str(input.path) ?? "")} is not a usable file path. ${str(output.message) ?? ""}`;
  return undefined;
}

export const listFilesWords: ToolDescriber = {
  doing: () => ["Listing the workspace files"],
  intent: () => ["list the workspace files"],
  done: (_input, output) => {
    const n = num(output.count) ?? (Array.isArray(output.files) ? output.files.length : 0);
    return done(n === 0 ? ["Listed the workspace: it has no files"] : [`Listed the workspace: ${count(n, "file")}`]);
  },
};

export const readFileWords: ToolDescriber = {
  doing: (input) => phrase`Reading ${file(input)}`,
  intent: (input) => phrase`read ${file(input)}`,
  done: (input, output) => {
    const total = num(output.totalLines);
    const start = num(output.startLine);
    const end = num(output.endLine);
    const f = file(input, output);
    if (total === undefined) return done(phrase`Read ${f}`);
    if (total === 0) return done(phrase`Read ${f}: it is empty`);
    const whole = (start ?? 1) <= 1 && (end ?? total) >= total;
    if (whole) return done(phrase`Read ${f}, ${count(total, "line")}`);
    if (start !== undefined && end !== undefined && end < start)
      return done(phrase`Read ${f}: no lines in that range (it has ${count(total, "line")})`);
    return done(phrase`Read lines ${start ?? 1}–${end ?? total} of ${f} (${count(total, "line")})`);
  },
  failure: commonFailure,
};

export const writeFileWords: ToolDescriber = {
  doing: (input) => phrase`Writing ${file(input)}`,
  intent: (input) => phrase`write ${file(input)}`,
  done: (input, output) => {
    const f = file(input, output);
    const content = str(input.content);
    const lines = content === undefined ? "" : `, ${count(lineCount(content), "line")}`;
    const version = num(output.version);
    const which = output.created === true ? " (a new file)" : version !== undefined ? ` (version ${version})` : "";
    return done(phrase`Wrote ${f}${lines}${which}`, recovered(output));
  },
  failure: (codeName, input, output) => {
    if (codeName === "conflict") return conflictWords(output, input, "overwritten");
    if (codeName === "too_large") return [`The file would be too large. ${str(output.message) ?? ""}`.trim()];
    if (codeName === "limit_reached") return [`The workspace is full. ${str(output.message) ?? ""}`.trim()];
    return commonFailure(codeName, input, output);
  },
};

export const editFileWords: ToolDescriber = {
  doing: (input) => phrase`Editing ${file(input)}`,
  intent: (input) => phrase`edit ${file(input)}`,
  done: (input, output) => {
    const f = file(input, output);
    if (output.unchanged === true) return done(phrase`Edited ${f}: the new text equals the old, nothing changed`);
    const before = str(input.oldText);
    const after = str(input.newText);
    if (before === undefined || after === undefined) return done(phrase`Edited ${f}`, recovered(output));
    return done(
      phrase`Edited ${f}: replaced ${count(lineCount(before), "line")} with ${count(lineCount(after), "line")}`,
      recovered(output),
    );
  },
  failure: (codeName, input, output) => {
    const f = file(input, output);
    if (codeName === "no_match") return phrase`The text to replace was not found in ${f}; nothing changed.`;
    if (codeName === "not_unique") {
      const n = num(output.matches);
      return phrase`The text to replace occurs ${n === undefined ? "more than once" : `${n} times`} in ${f}; it must occur exactly once. Nothing changed.`;
    }
    if (codeName === "invalid_input") return ["No text to replace was given; nothing changed."];
    if (codeName === "too_large") return [`The file would be too large. ${str(output.message) ?? ""}`.trim()];
    return commonFailure(codeName, input, output);
  },
};

export const deleteFileWords: ToolDescriber = {
  doing: (input) => phrase`Deleting ${file(input)}`,
  intent: (input) => phrase`delete ${file(input)}`,
  done: (input, output) => done(phrase`Deleted ${file(input, output)} (its history is kept and it can be restored)`, recovered(output)),
  failure: (codeName, input, output) =>
    codeName === "conflict" ? conflictWords(output, input, "deleted") : commonFailure(codeName, input, output),
};
