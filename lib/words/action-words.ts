import { type Args, record, str } from "./call-words";
import { sendFailureWords } from "./email-tools";
import { code, phrase, type Phrase } from "./phrase";

/*
 * The actions view in words: what each action was for, where it stands, and its journal, for
 * the person deciding what to do about a send (lib/actions has the states and their rules).
 */

/** The fields of a ledger row the words read (ApiAction). */
type ActionFacts = {
  type: string;
  status: string;
  attempt: number;
  errorCode: string | null;
  learnedBy: string | null;
  request: Args;
};

export type ActionStatusWords = { label: string; tone: "ok" | "busy" | "warn" | "bad" | "muted"; detail?: Phrase };

/** "Send an email to `me@example.com`: “Weekly report”" */
export function actionIntent(a: Pick<ActionFacts, "type" | "request">): Phrase {
  const to = str(a.request.to);
  const subject = str(a.request.subject);
  if (a.type === "mcp_call") return phrase`Call the MCP tool ${code(str(a.request.name) ?? "?")}`;
  if (a.type !== "send_email") return phrase`Run ${code(a.type)}`;
  return phrase`Send an email to ${code(to ?? "someone")}${subject ? `: “${subject}”` : ""}`;
}

const LEARNED: Record<string, string> = {
  provider_replay: "the mail server confirmed an earlier attempt",
  lookup: "found at the mail server after the sending process stopped",
  person: "you marked it as sent",
};

const ordinal = (n: number) => (n === 2 ? "second" : n === 3 ? "third" : `${n}th`);

/** The two answers a person gives an action whose outcome is not known, in that action's words. */
export function decisionLabels(type: string): { markDone: string; again: string } {
  return type === "mcp_call" ? { markDone: "Mark as done", again: "Run again" } : { markDone: "Mark as sent", again: "Send again" };
}

/** An MCP call's states: it ran (or not) on a tool server, not a mail server. */
function mcpCallStatusWords(a: ActionFacts): ActionStatusWords | null {
  switch (a.status) {
    case "succeeded":
      if (a.learnedBy === "person") return { label: "Done", tone: "ok", detail: ["You marked it as done."] };
      if (a.learnedBy === "provider_replay") {
        return { label: "Done", tone: "ok", detail: ["Run again after its first answer was lost: the server marks the tool idempotent."] };
      }
      return { label: "Done", tone: "ok" };
    case "started":
      return { label: "Running", tone: "busy", detail: ["The tool is being called now."] };
    case "unknown":
      return { label: "Not known yet", tone: "warn", detail: ["Whether the call ran is being checked; it is never run twice blindly."] };
    case "needs_human":
      return {
        label: "Needs your decision",
        tone: "warn",
        detail: ["It is not known whether this call ran on the server. If it did, mark it as done; if not, run it again."],
      };
    case "failed_retryable":
    case "failed_permanent":
      return {
        label: "Not run",
        tone: "bad",
        detail: [`The call did not run${a.errorCode ? ` (${a.errorCode.replace(/_/g, " ")})` : ""}.`],
      };
    default:
      return null;
  }
}

export function actionStatusWords(a: ActionFacts): ActionStatusWords {
  const mcp = a.type === "mcp_call" ? mcpCallStatusWords(a) : null;
  if (mcp) return mcp;
  const retry = a.attempt > 1 ? ` on the ${ordinal(a.attempt)} attempt` : "";
  switch (a.status) {
    case "succeeded": {
      const how = a.learnedBy ? LEARNED[a.learnedBy] : undefined;
      // A plain first-time send says all in its label.
      if (!retry && !how) return { label: "Sent", tone: "ok" };
      return { label: "Sent", tone: "ok", detail: [`Sent${retry}${how ? `; ${how}` : ""}.`] };
    }
    case "started":
      return { label: "Sending", tone: "busy", detail: ["Being sent now."] };
    case "unknown":
      return {
        label: "Not known yet",
        tone: "warn",
        detail: ["Whether it was sent is being checked with the mail server; it is never sent twice blindly."],
      };
    case "needs_human":
      return {
        label: "Needs your decision",
        tone: "warn",
        detail: ["It is not known whether this was sent. If it arrived, mark it as sent; if not, send it again."],
      };
    case "failed_retryable":
      return { label: "Not sent", tone: "bad", detail: sendFailureWords(a.errorCode ?? undefined, true, a.request) };
    case "failed_permanent":
      return { label: "Not sent", tone: "bad", detail: sendFailureWords(a.errorCode ?? undefined, false, a.request) };
    default:
      return { label: a.status.replace(/_/g, " "), tone: "muted" };
  }
}

const ACTORS: Record<string, string> = { worker: "the server", sweeper: "the background check" };
const actorWords = (actor: string) => ACTORS[actor] ?? (actor.startsWith("user:") ? "you" : actor);

/** One journal entry as a sentence: what happened and who did it. */
export function journalEntryWords(e: { type: string; actor: string; payload?: unknown }, actionType = "send_email"): string {
  const p = record(e.payload);
  // An MCP call is called on a tool's server; everything else here is mail.
  const mcp = actionType === "mcp_call";
  const server = mcp ? "the tool's server" : "the mail server";
  const doing = mcp ? "calling" : "sending";
  const by = actorWords(e.actor);
  const attempt = typeof p.attempt === "number" ? ` (attempt ${p.attempt})` : "";
  switch (e.type) {
    case "claimed":
      return `Taken up for ${doing} by ${by}${attempt}.`;
    case "retry_claimed":
      return `Taken up again for ${doing} by ${by}${attempt}.`;
    case "request":
      return `Handed to ${server} by ${by}${attempt}.`;
    case "succeeded":
      return `${mcp ? "Done" : "Sent"}${attempt}; recorded by ${by}.`;
    case "provider_error":
      return `${mcp ? "The tool's server" : "The mail server"} answered with an error${p.code ? `, ${String(p.code)},` : ""}${typeof p.attempt === "number" ? ` on attempt ${p.attempt}` : ""}; recorded by ${by}.`;
    case "refused":
      return `Refused before sending: ${str(record(p).message) ?? "not allowed"}`;
    case "payload_mismatch":
      return "Refused: a repeat of this request had a different text.";
    case "late_completion_ignored":
      return `A late answer from an earlier attempt was ignored${attempt}.`;
    case "holder_stopped":
      return `The process ${doing} it stopped before it finished${attempt}; noticed by ${by}.`;
    case "reconcile_started":
      return `Checking what happened, by ${by}.`;
    case "needs_human":
      return `Could not be settled by ${by}; waiting for your decision.`;
    case "person_decided":
      return `Decided by ${by}: ${p.decision === "mark_sent" ? (mcp ? "mark as done" : "mark as sent") : p.decision === "send_again" ? (mcp ? "run again" : "send again") : String(p.decision ?? "—")}.`;
    default:
      return `${e.type.replace(/_/g, " ")}, by ${by}.`;
  }
}
