import { describe, expect, it } from "vitest";
import { actionIntent, actionStatusWords, decisionLabels, journalEntryWords } from "@/lib/words/action-words";
import { plainText } from "@/lib/words/phrase";

type ActionFacts = Parameters<typeof actionStatusWords>[0];

const email: ActionFacts = {
  type: "send_email",
  status: "succeeded",
  attempt: 1,
  errorCode: null,
  learnedBy: "response",
  request: { to: "me@example.com", subject: "Weekly report" },
};

const status = (a: Partial<ActionFacts>) => {
  const w = actionStatusWords({ ...email, ...a });
  return { label: w.label, tone: w.tone, detail: w.detail && plainText(w.detail) };
};

describe("the actions view in words", () => {
  it("describes the intent", () => {
    expect(plainText(actionIntent(email))).toBe("Send an email to `me@example.com`: “Weekly report”");
    expect(plainText(actionIntent({ type: "post_tweet", request: {} }))).toBe("Run `post_tweet`");
  });

  it("says every status in words, how a send was learned and on which attempt", () => {
    expect(status({})).toEqual({ label: "Sent", tone: "ok", detail: undefined });
    expect(status({ attempt: 2, learnedBy: "person" }).detail).toBe("Sent on the second attempt; you marked it as sent.");
    expect(status({ learnedBy: "lookup" }).detail).toBe("Sent; found at the mail server after the sending process stopped.");
    expect(status({ status: "started" })).toMatchObject({ label: "Sending", tone: "busy" });
    expect(status({ status: "unknown" })).toMatchObject({ label: "Not known yet", tone: "warn" });
    expect(status({ status: "needs_human" })).toEqual({
      label: "Needs your decision",
      tone: "warn",
      detail: "It is not known whether this was sent. If it arrived, mark it as sent; if not, send it again.",
    });
    expect(status({ status: "failed_retryable", errorCode: "smtp_421" })).toEqual({
      label: "Not sent",
      tone: "bad",
      detail: "The mail server did not take it (smtp_421); nothing was sent, and it can be sent again from the actions view.",
    });
    expect(status({ status: "failed_permanent", errorCode: "recipient_not_allowed" }).detail).toBe(
      "Nothing was sent: `me@example.com` is not an allowed recipient (EMAIL_ALLOWED_TO or EMAIL_TO lists who may be mailed).",
    );
  });

  it("tells each journal entry as a sentence with who did it", () => {
    const entry = (type: string, payload: object = {}, actor = "worker") => journalEntryWords({ type, actor, payload });
    expect(entry("claimed", { attempt: 1 })).toBe("Taken up for sending by the server (attempt 1).");
    expect(entry("retry_claimed", { attempt: 2 })).toBe("Taken up again for sending by the server (attempt 2).");
    expect(entry("request", { attempt: 1 })).toBe("Handed to the mail server by the server (attempt 1).");
    expect(entry("succeeded", { attempt: 1 })).toBe("Sent (attempt 1); recorded by the server.");
    expect(entry("provider_error", { attempt: 1, code: "smtp_550" })).toBe(
      "The mail server answered with an error, smtp_550, on attempt 1; recorded by the server.",
    );
    expect(entry("refused", { code: "recipient_not_allowed", message: "x@y is not on the allow-list." })).toBe(
      "Refused before sending: x@y is not on the allow-list.",
    );
    expect(entry("payload_mismatch")).toBe("Refused: a repeat of this request had a different text.");
    expect(entry("late_completion_ignored", { attempt: 1 })).toBe("A late answer from an earlier attempt was ignored (attempt 1).");
    expect(entry("holder_stopped", { attempt: 1 }, "sweeper")).toBe(
      "The process sending it stopped before it finished (attempt 1); noticed by the background check.",
    );
    expect(entry("reconcile_started", {}, "sweeper")).toBe("Checking what happened, by the background check.");
    expect(entry("needs_human", {}, "sweeper")).toBe("Could not be settled by the background check; waiting for your decision.");
    expect(entry("person_decided", { decision: "send_again" }, "user:abc")).toBe("Decided by you: send again.");
    expect(entry("person_decided", { decision: "mark_sent" }, "user:abc")).toBe("Decided by you: mark as sent.");
    expect(entry("something_new")).toBe("something new, by the server.");
  });

  it("words an MCP call as a call on a tool's server, not a mail", () => {
    const call: ActionFacts = { ...email, type: "mcp_call", request: { name: "docs__create_issue", arguments: {} } };
    expect(plainText(actionIntent(call))).toBe("Call the MCP tool `docs__create_issue`");
    expect(actionStatusWords(call)).toEqual({ label: "Done", tone: "ok" });
    expect(actionStatusWords({ ...call, learnedBy: "provider_replay" }).detail).toEqual([
      "Run again after its first answer was lost: the server marks the tool idempotent.",
    ]);
    expect(actionStatusWords({ ...call, status: "needs_human" }).detail?.join("")).toMatch(/whether this call ran on the server/);
    expect(actionStatusWords({ ...call, status: "failed_permanent", errorCode: "server_unavailable" })).toMatchObject({
      label: "Not run",
      tone: "bad",
    });
    expect(decisionLabels("mcp_call")).toEqual({ markDone: "Mark as done", again: "Run again" });
    expect(decisionLabels("send_email")).toEqual({ markDone: "Mark as sent", again: "Send again" });
    const entry = (type: string, payload: object = {}, actor = "worker") => journalEntryWords({ type, actor, payload }, "mcp_call");
    expect(entry("request", { attempt: 1 })).toBe("Handed to the tool's server by the server (attempt 1).");
    expect(entry("succeeded", { attempt: 1 })).toBe("Done (attempt 1); recorded by the server.");
    expect(entry("person_decided", { decision: "send_again" }, "user:abc")).toBe("Decided by you: run again.");
  });
});
