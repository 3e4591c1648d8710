import { type CallWords, type ToolDescriber, record, str } from "./call-words";
import { listActionsWords, outcomeOfStatus, sendEmailWords } from "./email-tools";
import { code, phrase } from "./phrase";
import { readMessagesWords, searchHistoryWords } from "./recall-tools";
import { deleteFileWords, editFileWords, listFilesWords, readFileWords, writeFileWords } from "./workspace-tools";

/*
 * A tool call in words, for the person reading the chat: what the agent did (wrote `plan.md`,
 * 14 lines), is doing, or could not do and why. The raw arguments and result stay available
 * beside it; this is only how they read. Pure, so every tool and error is unit-tested.
 */

const DESCRIBERS: Record<string, ToolDescriber> = {
  list_files: listFilesWords,
  read_file: readFileWords,
  write_file: writeFileWords,
  edit_file: editFileWords,
  delete_file: deleteFileWords,
  send_email: sendEmailWords,
  list_actions: listActionsWords,
  search_history: searchHistoryWords,
  read_messages: readMessagesWords,
};

/** A tool part of a message, as stored (AI SDK UI message part states). */
type ToolCallView = { name: string; state?: string; input?: unknown; output?: unknown; errorText?: string };

/** A tool the app does not know (a model may name any): described by its name only. */
function unknownTool(name: string): ToolDescriber {
  return {
    doing: () => phrase`Running ${code(name)}`,
    intent: () => phrase`run ${code(name)}`,
    done: () => ({ summary: phrase`Ran ${code(name)}`, outcome: "done" }),
  };
}

/**
 * `actionStatus` is the ledger's current status of the call's email (read from the actions
 * list), which may have settled since the call returned: it overrides the result's state.
 */
export function describeToolCall(call: ToolCallView, opts: { actionStatus?: string | null } = {}): CallWords {
  const d = DESCRIBERS[call.name] ?? unknownTool(call.name);
  const input = record(call.input);
  switch (call.state) {
    case "input-streaming":
    case "input-available":
    case "approval-responded":
      return { summary: phrase`${d.doing(input)}…`, outcome: "pending" };
    case "approval-requested":
      return { summary: phrase`Waiting for approval to ${d.intent(input)}`, outcome: "attention" };
    case "output-denied":
      return { summary: phrase`Did not ${d.intent(input)}: the call was denied`, outcome: "denied" };
    case "output-error":
      return {
        summary: phrase`Could not ${d.intent(input)}`,
        outcome: "failed",
        detail: [str(call.errorText)?.trim() || "The tool failed without saying why."],
      };
    case "output-available":
      break;
    default:
      return { summary: phrase`${d.doing(input)} (state: ${call.state ?? "unknown"})`, outcome: "pending" };
  }
  const stored = record(call.output);
  const output = opts.actionStatus ? { ...stored, ...outcomeOfStatus(opts.actionStatus) } : stored;
  if (d.result) return d.result(input, output);
  if (output.ok === false) {
    const errorCode = str(output.error) ?? "";
    const words = d.failure?.(errorCode, input, output);
    const fallback =
      str(output.message) ?? (errorCode ? `The tool answered “${errorCode}”.` : "The tool reported a failure without saying why.");
    return { summary: phrase`Could not ${d.intent(input)}`, outcome: "failed", detail: words ?? [fallback] };
  }
  return d.done(input, output);
}
