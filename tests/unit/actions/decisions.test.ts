import { describe, expect, it } from "vitest";
import { canonicalJson, chatActionKey, providerKeyFor, requestHash, runActionKey } from "@/lib/actions/keys";
import { planReconcile } from "@/lib/actions/reconcile-plan";
import { recipientRefusal } from "@/lib/email/allow-list";
import { renderEmailBody } from "@/lib/email/render";
import { messageIdFor } from "@/lib/email/message-id";

describe("action keys", () => {
  it("names the run or the answered message plus the intent, and bounds long intents", () => {
    expect(runActionKey("42", "send_digest")).toBe("run_42:send_digest");
    expect(chatActionKey("msg1", "send_email:a@b.c:Hi")).toBe("msg1:send_email:a@b.c:Hi");
    const long = chatActionKey("msg1", `send_email:a@b.c:${"x".repeat(300)}`);
    expect(long).toMatch(/^msg1:h_[0-9a-f]{32}$/);
    expect(chatActionKey("msg1", `send_email:a@b.c:${"x".repeat(300)}`)).toBe(long);
    expect(chatActionKey("msg1", `send_email:a@b.c:${"y".repeat(300)}`)).not.toBe(long);
  });

  it("derives one provider key and Message-ID per (scope, key)", () => {
    expect(providerKeyFor("thread:a", "k")).toBe(providerKeyFor("thread:a", "k"));
    expect(providerKeyFor("thread:a", "k")).not.toBe(providerKeyFor("thread:b", "k"));
    expect(messageIdFor(providerKeyFor("thread:a", "k"))).toMatch(/^<act-[0-9a-f]{32}@actions\.longrun\.local>$/);
  });

  it("hashes requests independently of key order", () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(requestHash({ to: "x", subject: "s" })).toBe(requestHash({ subject: "s", to: "x" }));
    expect(requestHash({ to: "x", subject: "s" })).not.toBe(requestHash({ to: "y", subject: "s" }));
  });
});

describe("reconcile plan", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  const sentAt = new Date("2026-01-01T11:59:00Z");
  it("sends when the attempt never reached the provider, whatever the provider", () => {
    expect(planReconcile({ attempt: 1, sentAttempt: 0, sentAt: null }, { dedupPeriodMs: null, canLookup: false }, now).plan).toBe("send");
    expect(planReconcile({ attempt: 2, sentAttempt: 1, sentAt }, { dedupPeriodMs: null, canLookup: false }, now).plan).toBe("send");
  });
  it("replays inside the dedup period, looks up outside it, else asks a person", () => {
    const row = { attempt: 1, sentAttempt: 1, sentAt };
    expect(planReconcile(row, { dedupPeriodMs: 120_000, canLookup: false }, now).plan).toBe("replay");
    expect(planReconcile(row, { dedupPeriodMs: 30_000, canLookup: true }, now).plan).toBe("lookup");
    expect(planReconcile(row, { dedupPeriodMs: 30_000, canLookup: false }, now).plan).toBe("needs_human");
    expect(planReconcile(row, { dedupPeriodMs: null, canLookup: false }, now).plan).toBe("needs_human");
    expect(planReconcile(row, { dedupPeriodMs: Infinity, canLookup: false }, now).plan).toBe("replay");
  });
});

describe("allow-list", () => {
  it("with SMTP allows only EMAIL_TO by default, case-insensitively", () => {
    expect(recipientRefusal("Me@Example.com", { transport: "smtp", emailTo: "me@example.com" })).toBeNull();
    expect(recipientRefusal("other@example.com", { transport: "smtp", emailTo: "me@example.com" })).toContain("not on the allow-list");
    expect(recipientRefusal("me@example.com", { transport: "smtp" })).toContain("no recipients are allowed");
  });
  it("leaves the local outbox open unless EMAIL_ALLOWED_TO is set", () => {
    expect(recipientRefusal("anyone@x.org", { transport: "outbox" })).toBeNull();
    expect(recipientRefusal("anyone@x.org", { transport: "outbox", allowedTo: "a@x.org, b@x.org" })).toContain("a@x.org, b@x.org");
    expect(recipientRefusal("b@x.org", { transport: "outbox", allowedTo: "a@x.org, b@x.org" })).toBeNull();
  });
});

describe("email rendering", () => {
  it("renders markdown to HTML, escaping raw HTML", () => {
    const { html, text } = renderEmailBody("# Hi\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>x</script>");
    expect(html).toContain("<h1>Hi</h1>");
    expect(html).toContain("<table>");
    expect(html).not.toContain("<script>");
    expect(text).toContain("# Hi");
  });
});
