import { type Args, type CallWords, type ToolDescriber, list, record, str } from "./call-words";
import { code, count, phrase, type Phrase } from "./phrase";

// The action tools of lib/email/tools.ts: send_email answers an action outcome (lib/actions/types.ts), list_actions the ledger.

const recipient = (input: Args) => code(str(input.to) ?? "someone");
const subject = (input: Args) => (str(input.subject) ? ` (“${str(input.subject)}”)` : "");

/** Why a send was refused or failed (ActionOutcome.error), in words. */
export function sendFailureWords(error: string | undefined, retryable: boolean, input: Args): Phrase {
  if (error === "recipient_not_allowed")
    return phrase`Nothing was sent: ${recipient(input)} is not an allowed recipient (EMAIL_ALLOWED_TO or EMAIL_TO lists who may be mailed).`;
  if (error === "payload_mismatch")
    return [
      "Nothing was sent: this request already sent an email with this recipient and subject but a different text, and an email is never sent twice.",
    ];
  const why = error ? ` (${error})` : "";
  return retryable
    ? [`The mail server did not take it${why}; nothing was sent, and it can be sent again from the actions view.`]
    : [`The mail server refused it${why}; nothing was sent.`];
}

export const sendEmailWords: ToolDescriber = {
  doing: (input) => phrase`Sending an email to ${recipient(input)}${subject(input)}`,
  intent: (input) => phrase`send an email to ${recipient(input)}${subject(input)}`,
  done: (input) => ({ summary: phrase`Sent an email to ${recipient(input)}${subject(input)}`, outcome: "done" }),
  result: (input, output): CallWords => {
    const to = recipient(input);
    const about = subject(input);
    const note = str(output.recovered) ? [str(output.recovered)!] : undefined;
    switch (output.state) {
      case "sent":
        return output.deduplicated === true
          ? { summary: phrase`Already sent an email to ${to}${about} for this request; it was not sent again`, outcome: "done" }
          : { summary: phrase`Sent an email to ${to}${about}`, outcome: "done", ...(note ? { detail: note } : {}) };
      case "in_progress":
        return {
          summary: phrase`Sending an email to ${to}${about}: another attempt is sending it; it is never sent twice`,
          outcome: "pending",
        };
      case "unknown":
        return {
          summary: phrase`Not known yet whether the email to ${to}${about} was sent`,
          outcome: "attention",
          detail: ["It is being checked with the mail server and is never sent twice blindly."],
        };
      case "needs_human":
        return {
          summary: phrase`Not known whether the email to ${to}${about} was sent`,
          outcome: "attention",
          detail: ["Decide in the actions view: mark it as sent, or send it again."],
        };
      case "refused":
        return {
          summary: phrase`Could not send an email to ${to}${about}`,
          outcome: "failed",
          detail: sendFailureWords(str(output.error), false, input),
        };
      case "failed":
        return {
          summary: phrase`Could not send an email to ${to}${about}`,
          outcome: "failed",
          detail: sendFailureWords(str(output.error), output.retryable === true, input),
        };
      default:
        return output.ok === true
          ? { summary: phrase`Sent an email to ${to}${about}`, outcome: "done" }
          : {
              summary: phrase`Could not send an email to ${to}${about}`,
              outcome: "failed",
              detail: [str(output.message) ?? "The result of this send was not recorded."],
            };
    }
  },
};

/** A ledger status (what the actions list says now) read as the tool's outcome, for a card whose send settled since. */
export function outcomeOfStatus(status: string): Args {
  switch (status) {
    case "succeeded":
      return { state: "sent" };
    case "started":
      return { state: "in_progress" };
    case "failed_retryable":
      return { state: "failed", retryable: true };
    case "failed_permanent":
      return { state: "failed", retryable: false };
    default:
      return { state: status };
  }
}

export const listActionsWords: ToolDescriber = {
  doing: () => ["Checking the emails of this conversation"],
  intent: () => ["check the emails of this conversation"],
  done: (_input, output) => {
    const actions = list(output.actions).map(record);
    if (actions.length === 0) return { summary: ["Checked the emails of this conversation: none yet"], outcome: "done" };
    const by = (s: string) => actions.filter((a) => a.status === s).length;
    const parts = [
      [by("succeeded"), "sent"],
      [by("started") + by("unknown"), "not settled yet"],
      [by("needs_human"), "waiting for your decision"],
      [by("failed_retryable") + by("failed_permanent"), "failed"],
    ]
      .filter(([n]) => (n as number) > 0)
      .map(([n, what]) => `${n} ${what}`);
    return {
      summary: [`Checked the emails of this conversation: ${count(actions.length, "email")} (${parts.join(", ")})`],
      outcome: "done",
    };
  },
};
