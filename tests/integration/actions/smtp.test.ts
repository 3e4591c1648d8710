import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { later, LEASE_MS } from "./support/ledger-fixtures";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import { CRASH_POINTS, setCrashHook, SimulatedCrash } from "@/tests/support/crash-points";
import { resolveAction } from "@/lib/actions/resolve";
import { sweepActions } from "@/lib/actions/sweep";
import type { ActionProvider } from "@/lib/actions/types";
import { resetConfigForTests } from "@/tests/support/config";
import { sendEmailAction } from "@/lib/email/send";
import { createSmtpTransport } from "@/lib/email/smtp-transport";

// Email through a real SMTP server on 127.0.0.1, counting delivered messages by Message-ID: at
// most one per key in every scenario the runtime drives on its own.
describe.each(testDatabases())("send_email over SMTP on $name", (target) => {
  let env: Provisioned;
  let sink: SmtpSink;
  let smtp: ActionProvider;
  let userId: string;
  let n = 0;
  const providers = () => (name: string) => (name === "smtp" ? smtp : null);

  beforeAll(async () => {
    process.env.EMAIL_TO = "me@example.com";
    resetConfigForTests();
    env = await provision(target);
    sink = await startSmtpSink(target.name === "sqlite" ? 3660 : 3661);
    smtp = createSmtpTransport(sink.url, { socketTimeoutMs: 10_000 });
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterEach(() => {
    setCrashHook(null);
    sink.respond = () => ({ kind: "accept" });
  });
  afterAll(async () => {
    delete process.env.EMAIL_TO;
    resetConfigForTests();
    await sink?.close();
    await env?.drop();
  });

  const send = (key: string, to = "me@example.com", transport = smtp) =>
    sendEmailAction(
      { userId, threadId: "t1", scope: "thread:t1", key, runId: null, to, subject: "Status", body: "All **green**." },
      transport,
    );
  const row = (key: string) => env.db.actionLedger.findUniqueOrThrow({ where: { scope_key: { scope: "thread:t1", key } } });
  const deliveredFor = async (key: string) => sink.delivered.get((await row(key)).providerRef!) ?? 0;

  it("delivers once for the same key, also with ten concurrent calls", async () => {
    const k = `k${++n}`;
    const first = await send(k);
    expect(first).toMatchObject({ state: "sent", deduplicated: false });
    expect(await send(k)).toMatchObject({ state: "sent", deduplicated: true });
    const k2 = `k${++n}`;
    await Promise.all(Array.from({ length: 10 }, () => send(k2)));
    expect(await deliveredFor(k)).toBe(1);
    expect(await deliveredFor(k2)).toBe(1);
    expect((await row(k)).providerRef).toMatch(/^<act-[0-9a-f]{32}@actions\.longrun\.local>$/);
  });

  it("a 4xx is retried as attempt 2 with the same Message-ID; a 5xx is final", async () => {
    const k = `k${++n}`;
    sink.respond = () => ({ kind: "reject", code: 451 });
    expect(await send(k)).toMatchObject({ state: "failed", retryable: true, error: "smtp_451" });
    sink.respond = () => ({ kind: "accept" });
    expect(await send(k)).toMatchObject({ state: "sent", attempt: 2 });
    expect(await deliveredFor(k)).toBe(1);

    const k2 = `k${++n}`;
    sink.respond = () => ({ kind: "reject", code: 550 });
    expect(await send(k2)).toMatchObject({ state: "failed", retryable: false, error: "smtp_550" });
    sink.respond = () => ({ kind: "accept" });
    expect(await send(k2)).toMatchObject({ state: "failed", retryable: false });
    expect(await deliveredFor(k2)).toBe(0);
  });

  it("a client timeout after the server took the message goes to a person, who marks it sent", async () => {
    const k = `k${++n}`;
    // A client that gives up after 400 ms on a server that answers DATA after 1.5 s.
    sink.respond = () => ({ kind: "stall", ms: 1_500 });
    expect(await send(k, "me@example.com", createSmtpTransport(sink.url, { socketTimeoutMs: 400 }))).toMatchObject({ state: "unknown" });
    sink.respond = () => ({ kind: "accept" });
    await sweepActions({ providerFor: providers() });
    expect(await row(k)).toMatchObject({ status: "needs_human" });
    expect(await send(k)).toMatchObject({ state: "needs_human" });
    expect(await resolveAction({ userId, threadId: "t1", key: k, decision: "mark_sent" }, providers())).toMatchObject({
      state: "sent",
      learnedBy: "person",
    });
    const events = await env.db.actionEvent.findMany({ where: { actionId: (await row(k)).id }, orderBy: { seq: "asc" } });
    expect(events.at(-1)).toMatchObject({ type: "person_decided", actor: `user:${userId}` });
    expect(await deliveredFor(k)).toBe(1);
  });

  it("a person's 'send again' of a send that never went out delivers it once", async () => {
    const k = `k${++n}`;
    setCrashHook((p) => {
      if (p === "after_request") throw new SimulatedCrash(p);
    });
    await expect(send(k)).rejects.toBeInstanceOf(SimulatedCrash);
    setCrashHook(null);
    await sweepActions({ now: later(), providerFor: providers() });
    expect(await row(k)).toMatchObject({ status: "needs_human" });
    expect(await deliveredFor(k)).toBe(0);
    expect(await resolveAction({ userId, threadId: "t1", key: k, decision: "send_again" }, providers())).toMatchObject({
      state: "sent",
      attempt: 2,
    });
    await expect(resolveAction({ userId, threadId: "t1", key: k, decision: "send_again" }, providers())).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await deliveredFor(k)).toBe(1);
  });

  it("refuses a recipient outside the allow-list, journaled, nothing delivered", async () => {
    const k = `k${++n}`;
    const before = sink.total();
    const out = await send(k, "stranger@example.org");
    expect(out).toMatchObject({ state: "refused", error: "recipient_not_allowed" });
    expect(out.state === "refused" && out.message).toContain("allow-list");
    expect(await row(k)).toMatchObject({ status: "failed_permanent", errorCode: "recipient_not_allowed" });
    expect((await env.db.actionEvent.findMany({ where: { actionId: (await row(k)).id } })).map((e) => e.type)).toEqual(["refused"]);
    expect(await send(k, "stranger@example.org")).toMatchObject({ state: "refused" });
    expect(sink.total()).toBe(before);
  });

  it.each(CRASH_POINTS)("crash at %s: at most one delivery for the key after sweeping", async (point) => {
    const k = `crash-${point}`;
    setCrashHook((p) => {
      if (p === point) throw new SimulatedCrash(p);
    });
    // A throw while the adapter records the outcome is handled as a failed write (the call answers
    // "unknown"); at the other steps it ends the call. The rows it leaves are the same as a kill's.
    const first = await send(k).catch((err: unknown) => err);
    if (point === "after_outcome" || point === "after_journal") expect(first).toMatchObject({ state: "unknown" });
    else expect(first).toBeInstanceOf(SimulatedCrash);
    setCrashHook(null);
    await send(k);
    await sweepActions({ now: later(LEASE_MS * 2), providerFor: providers() });
    await send(k);
    const r = await row(k);
    const delivered = await deliveredFor(k);
    expect(delivered).toBeLessThanOrEqual(1);
    if (r.status === "succeeded") expect(delivered).toBe(1);
    const expected = point === "after_claim" || point === "after_journal" ? "succeeded" : "needs_human";
    expect(r.status).toBe(expected);
  });
});
