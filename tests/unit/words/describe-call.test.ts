import { describe, expect, it } from "vitest";
import { describeToolCall } from "@/lib/words/describe-call";
import { plainText } from "@/lib/words/phrase";

type ToolCallView = Parameters<typeof describeToolCall>[0];

/** The words as the card shows them (code spans in backticks), with the outcome. */
function words(call: Omit<ToolCallView, "state"> & { state?: string }, actionStatus?: string) {
  const w = describeToolCall({ state: "output-available", ...call }, { actionStatus });
  return { summary: plainText(w.summary), outcome: w.outcome, detail: w.detail && plainText(w.detail) };
}

const PLAN = "# Plan\n" + Array.from({ length: 13 }, (_, i) => `- [ ] step ${i + 1}`).join("\n") + "\n";

describe("workspace tools in words", () => {
  it("list_files counts the files, or says the workspace is empty", () => {
    expect(words({ name: "list_files", input: {}, output: { ok: true, count: 3, files: [{}, {}, {}] } })).toEqual({
      summary: "Listed the workspace: 3 files",
      outcome: "done",
      detail: undefined,
    });
    expect(words({ name: "list_files", input: {}, output: { ok: true, count: 1, files: [{}] } }).summary).toBe(
      "Listed the workspace: 1 file",
    );
    expect(words({ name: "list_files", input: {}, output: { ok: true, count: 0, files: [] } }).summary).toBe(
      "Listed the workspace: it has no files",
    );
  });

  it("read_file says what was read: the whole file, a range, an empty file; a missing one fails in words", () => {
    const read = (output: object) =>
      words({ name: "read_file", input: { path: "plan.md" }, output: { ok: true, path: "plan.md", ...output } });
    expect(read({ startLine: 1, endLine: 14, totalLines: 14 }).summary).toBe("Read `plan.md`, 14 lines");
    expect(read({ startLine: 3, endLine: 9, totalLines: 40 }).summary).toBe("Read lines 3–9 of `plan.md` (40 lines)");
    expect(read({ startLine: 0, endLine: 0, totalLines: 0 }).summary).toBe("Read `plan.md`: it is empty");
    expect(read({ startLine: 50, endLine: 49, totalLines: 40 }).summary).toBe("Read `plan.md`: no lines in that range (it has 40 lines)");
    expect(
      words({
        name: "read_file",
        input: { path: "gone.md" },
        output: { ok: false, error: "not_found", message: 'File "gone.md" not found' },
      }),
    ).toEqual({
      summary: "Could not read `gone.md`",
      outcome: "failed",
      detail: "`gone.md` does not exist.",
    });
  });

  it("write_file names the file and its lines; each conflict reason and limit fails in words", () => {
    expect(
      words({
        name: "write_file",
        input: { path: "plan.md", content: PLAN },
        output: { ok: true, path: "plan.md", version: 1, created: true },
      }).summary,
    ).toBe("Wrote `plan.md`, 14 lines (a new file)");
    expect(
      words({
        name: "write_file",
        input: { path: "plan.md", content: "one" },
        output: { ok: true, path: "plan.md", version: 3, created: false },
      }).summary,
    ).toBe("Wrote `plan.md`, 1 line (version 3)");
    const conflict = (extra: object) =>
      words({
        name: "write_file",
        input: { path: "plan.md", content: "x" },
        output: { ok: false, error: "conflict", message: "…", path: "plan.md", ...extra },
      });
    expect(conflict({ reason: "not_read", currentVersion: 2, lastAuthor: "person" })).toEqual({
      summary: "Could not write `plan.md`",
      outcome: "failed",
      detail: "`plan.md` already exists (version 2, last changed by you) and the agent had not read it first, so it was not overwritten.",
    });
    expect(conflict({ reason: "changed", currentVersion: 4, lastAuthor: "person" }).detail).toBe(
      "`plan.md` was changed by you after the agent read it (now version 4), so it was not overwritten.",
    );
    expect(conflict({ reason: "created", currentVersion: 1, lastAuthor: "agent" }).detail).toBe(
      "`plan.md` was created by the agent after the agent looked, so it was not overwritten.",
    );
    expect(conflict({ reason: "deleted", currentVersion: null }).detail).toBe(
      "`plan.md` was deleted after the agent read it, so it was not overwritten.",
    );
    // A result stored before conflicts said their reason.
    expect(conflict({ currentVersion: 2, lastAuthor: "person" }).detail).toBe(
      "`plan.md` changed since the agent last read it, or was not read first, so it was not overwritten.",
    );
    const failed = (error: string, message: string, path = "plan.md") =>
      words({ name: "write_file", input: { path, content: "x" }, output: { ok: false, error, message, path } }).detail;
    expect(failed("too_large", '"plan.md" would be 9 bytes; a workspace file can be at most 8 bytes (UTF-8).')).toBe(
      'The file would be too large. "plan.md" would be 9 bytes; a workspace file can be at most 8 bytes (UTF-8).',
    );
    expect(failed("limit_reached", "The workspace already has 200 files, the most allowed is 200.")).toBe(
      "The workspace is full. The workspace already has 200 files, the most allowed is 200.",
    );
    expect(failed("invalid_path", 'Path contains a backslash. Separate folders with "/".', "a\\b.md")).toBe(
      '`a\\b.md` is not a usable file path. Path contains a backslash. Separate folders with "/".',
    );
    // A code the app does not know reads as the tool's own message.
    expect(failed("mystery", "Something odd happened.")).toBe("Something odd happened.");
  });

  it("edit_file says how many lines it replaced; no match, not unique and an empty oldText fail in words", () => {
    const edit = (output: object, input: object = { path: "plan.md", oldText: "- [ ] a", newText: "- [x] a\n- [ ] b" }) =>
      words({ name: "edit_file", input, output: { path: "plan.md", ...output } });
    expect(edit({ ok: true, version: 2, unchanged: false }).summary).toBe("Edited `plan.md`: replaced 1 line with 2 lines");
    expect(edit({ ok: true, version: 2, unchanged: true }).summary).toBe("Edited `plan.md`: the new text equals the old, nothing changed");
    expect(edit({ ok: false, error: "no_match", matches: 0, version: 2, message: "…" }).detail).toBe(
      "The text to replace was not found in `plan.md`; nothing changed.",
    );
    expect(edit({ ok: false, error: "not_unique", matches: 3, version: 2, message: "…" }).detail).toBe(
      "The text to replace occurs 3 times in `plan.md`; it must occur exactly once. Nothing changed.",
    );
    expect(edit({ ok: false, error: "invalid_input", message: "oldText is empty." }).detail).toBe(
      "No text to replace was given; nothing changed.",
    );
    expect(edit({ ok: false, error: "not_found", message: "…" }).summary).toBe("Could not edit `plan.md`");
  });

  it("delete_file says the file can be restored; a conflict and a missing file fail in words", () => {
    expect(
      words({ name: "delete_file", input: { path: "old.md" }, output: { ok: true, path: "old.md", version: 3, deleted: true } }).summary,
    ).toBe("Deleted `old.md` (its history is kept and it can be restored)");
    expect(
      words({
        name: "delete_file",
        input: { path: "old.md" },
        output: { ok: false, error: "conflict", reason: "not_read", path: "old.md", currentVersion: 1, lastAuthor: "agent", message: "…" },
      }).detail,
    ).toBe("`old.md` already exists (version 1, last changed by the agent) and the agent had not read it first, so it was not deleted.");
    expect(
      words({ name: "delete_file", input: { path: "old.md" }, output: { ok: false, error: "not_found", path: "old.md", message: "…" } })
        .detail,
    ).toBe("`old.md` does not exist.");
  });

  it("a write recovered after the server stopped says so underneath", () => {
    const recovered = "The server stopped before this result was saved; the workspace history shows the change was made.";
    expect(
      words({
        name: "write_file",
        input: { path: "plan.md", content: "a\nb" },
        output: { ok: true, path: "plan.md", version: 2, recovered },
      }),
    ).toEqual({
      summary: "Wrote `plan.md`, 2 lines (version 2)",
      outcome: "done",
      detail: recovered,
    });
  });
});

describe("email tools in words", () => {
  const input = { to: "me@example.com", subject: "Weekly report", body: "# Week 48" };
  const send = (output: object, actionStatus?: string) =>
    words({ name: "send_email", input, output: { key: "k", ...output } }, actionStatus);

  it("send_email: sent, deduplicated, in progress, unknown and waiting for a decision", () => {
    expect(send({ ok: true, state: "sent", resultId: "<act-1@x>", deduplicated: false })).toEqual({
      summary: "Sent an email to `me@example.com` (“Weekly report”)",
      outcome: "done",
      detail: undefined,
    });
    expect(send({ ok: true, state: "sent", deduplicated: true }).summary).toBe(
      "Already sent an email to `me@example.com` (“Weekly report”) for this request; it was not sent again",
    );
    expect(send({ ok: false, state: "in_progress", message: "…" }).outcome).toBe("pending");
    expect(send({ ok: false, state: "unknown", message: "…" })).toMatchObject({
      summary: "Not known yet whether the email to `me@example.com` (“Weekly report”) was sent",
      outcome: "attention",
    });
    expect(send({ ok: false, state: "needs_human", message: "…" })).toMatchObject({
      outcome: "attention",
      detail: "Decide in the actions view: mark it as sent, or send it again.",
    });
  });

  it("send_email: each refusal and failure is failed, in words", () => {
    expect(send({ ok: false, state: "refused", error: "recipient_not_allowed", message: "…" })).toEqual({
      summary: "Could not send an email to `me@example.com` (“Weekly report”)",
      outcome: "failed",
      detail: "Nothing was sent: `me@example.com` is not an allowed recipient (EMAIL_ALLOWED_TO or EMAIL_TO lists who may be mailed).",
    });
    expect(send({ ok: false, state: "refused", error: "payload_mismatch", message: "…" }).detail).toMatch(
      /^Nothing was sent: this request already sent/,
    );
    expect(send({ ok: false, state: "failed", error: "smtp_450", retryable: true, message: "…" }).detail).toBe(
      "The mail server did not take it (smtp_450); nothing was sent, and it can be sent again from the actions view.",
    );
    expect(send({ ok: false, state: "failed", error: "smtp_550", retryable: false, message: "…" }).detail).toBe(
      "The mail server refused it (smtp_550); nothing was sent.",
    );
  });

  it("send_email: the ledger's current status overrides a snapshot that settled since", () => {
    expect(send({ ok: false, state: "unknown", message: "…" }, "succeeded").summary).toBe(
      "Sent an email to `me@example.com` (“Weekly report”)",
    );
    expect(send({ ok: false, state: "unknown", message: "…" }, "needs_human").outcome).toBe("attention");
    expect(send({ ok: false, state: "unknown", message: "…" }, "failed_permanent").outcome).toBe("failed");
    expect(send({ ok: false, state: "unknown", message: "…" }, "started").outcome).toBe("pending");
  });

  it("list_actions counts the emails by state", () => {
    const listed = (statuses: string[]) =>
      words({ name: "list_actions", input: {}, output: { actions: statuses.map((status) => ({ status })) } }).summary;
    expect(listed([])).toBe("Checked the emails of this conversation: none yet");
    expect(listed(["succeeded", "succeeded", "needs_human", "failed_permanent", "unknown"])).toBe(
      "Checked the emails of this conversation: 5 emails (2 sent, 1 not settled yet, 1 waiting for your decision, 1 failed)",
    );
  });
});

describe("recall tools in words", () => {
  it("search_history counts its hits", () => {
    const search = (n: number) =>
      words({ name: "search_history", input: { query: "quokka" }, output: { ok: true, results: Array.from({ length: n }, () => ({})) } })
        .summary;
    expect(search(3)).toBe("Searched the history for `quokka`: 3 hits");
    expect(search(1)).toBe("Searched the history for `quokka`: 1 hit");
    expect(search(0)).toBe("Searched the history for `quokka`: no hits");
  });

  it("read_messages names what it read back, what was cut and what was missing; no ids fails in words", () => {
    const read = (output: object) => words({ name: "read_messages", input: { ids: ["a", "b"] }, output: { ok: true, ...output } }).summary;
    expect(read({ messages: [{ seq: 3 }, { seq: 7 }], truncated: false, missing: [] })).toBe(
      "Read back 2 messages from the history (#3 and #7)",
    );
    expect(read({ messages: [{ seq: 3 }], truncated: true, missing: ["b"] })).toBe(
      "Read back 1 message from the history (#3); cut to fit the reading budget, 1 message not found",
    );
    expect(read({ messages: Array.from({ length: 9 }, (_, i) => ({ seq: i + 10 })), truncated: false })).toBe(
      "Read back 9 messages from the history (#10 to #18)",
    );
    expect(read({ messages: [], truncated: false, missing: ["a", "b"] })).toBe(
      "Read back no messages from the history: none matched; 2 messages not found",
    );
    expect(
      words({
        name: "read_messages",
        input: {},
        output: { ok: false, error: "invalid_input", message: "Give ids, or fromSeq (and toSeq)." },
      }),
    ).toEqual({
      summary: "Could not read back messages from the history",
      outcome: "failed",
      detail: "No message ids or range of messages were given.",
    });
  });
});

describe("a call's state in words", () => {
  it("a running call says what it is doing; a thrown error, a denial and an unknown tool read in words", () => {
    expect(words({ name: "write_file", state: "input-available", input: { path: "plan.md" } })).toEqual({
      summary: "Writing `plan.md`…",
      outcome: "pending",
      detail: undefined,
    });
    expect(
      words({
        name: "read_file",
        state: "output-error",
        input: { path: "a.md" },
        errorText: "The server stopped while this tool call ran.",
      }),
    ).toEqual({
      summary: "Could not read `a.md`",
      outcome: "failed",
      detail: "The server stopped while this tool call ran.",
    });
    expect(words({ name: "read_file", state: "output-error", input: { path: "a.md" } }).detail).toBe("The tool failed without saying why.");
    expect(words({ name: "delete_file", state: "output-denied", input: { path: "a.md" } })).toMatchObject({
      summary: "Did not delete `a.md`: the call was denied",
      outcome: "denied",
    });
    expect(words({ name: "summon_cat", input: {}, output: { purr: true } }).summary).toBe("Ran `summon_cat`");
    expect(words({ name: "summon_cat", input: {}, output: { ok: false, error: "no_cat" } })).toEqual({
      summary: "Could not run `summon_cat`",
      outcome: "failed",
      detail: "The tool answered “no_cat”.",
    });
  });
});
