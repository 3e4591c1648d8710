import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { runWorkerAndKill } from "./support/kill-worker";
import { later } from "./support/ledger-fixtures";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import { sweepActions } from "@/lib/actions/sweep";
import { providerByName } from "@/lib/email/providers";
import type { CrashPoint } from "@/tests/support/crash-points";
import { createSmtpTransport } from "@/lib/email/smtp-transport";
import { TSX_WORKER } from "../support/tsx-worker";

/** What a sweep returns and a sweep worker prints. */
type SweepReport = Awaited<ReturnType<typeof sweepActions>>;

/** The email worker (support/action-worker.ts) killed at `point`. */
const runAndKill = (url: string, args: string[], point: CrashPoint, extraEnv: Record<string, string>) =>
  runWorkerAndKill("tests/integration/actions/support/action-worker.ts", [url, ...args], point, {
    EMAIL_TO: "me@example.com",
    ...extraEnv,
  });

// Tests 4, 5 and 11 of shared/notes/ledger.md with real process kills.
describe.each(testDatabases())("actions across a killed process on $name", (target) => {
  let env: Provisioned;
  let sink: SmtpSink;
  let userId: string;
  const smtpEnv = () => ({ SMTP_URL: sink.url });
  const providers = (name: string) => (name === "smtp" ? createSmtpTransport(sink.url) : providerByName(name));

  beforeAll(async () => {
    env = await provision(target);
    sink = await startSmtpSink(target.name === "sqlite" ? 3662 : 3663);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    await sink?.close();
    await env?.drop();
  });

  const row = (scope: string, key: string) => env.db.actionLedger.findUniqueOrThrow({ where: { scope_key: { scope, key } } });

  it("4: killed after the claim (outbox and SMTP): the sweeper sends it exactly once", async () => {
    await runAndKill(env.url, ["chat", userId, "k4-outbox"], "after_claim", {});
    await runAndKill(env.url, ["chat", userId, "k4-smtp"], "after_claim", smtpEnv());
    expect(await row("thread:t1", "k4-outbox")).toMatchObject({ status: "started", sentAttempt: 0 });
    expect(sink.total()).toBe(0);
    await sweepActions({ now: later(), providerFor: providers });
    expect(await row("thread:t1", "k4-outbox")).toMatchObject({ status: "succeeded", provider: "outbox" });
    const smtpRow = await row("thread:t1", "k4-smtp");
    expect(smtpRow).toMatchObject({ status: "succeeded", provider: "smtp" });
    expect(await env.db.outboxMessage.count({ where: { actionKey: "k4-outbox", transport: "outbox" } })).toBe(1);
    expect([...sink.delivered.entries()]).toEqual([[smtpRow.providerRef, 1]]);
  });

  it("5: killed after the provider accepted: outbox replays to one message, SMTP goes to a person with one delivery", async () => {
    await runAndKill(env.url, ["chat", userId, "k5-outbox"], "after_provider_ack", {});
    const before = sink.total();
    await runAndKill(env.url, ["chat", userId, "k5-smtp"], "after_provider_ack", smtpEnv());
    expect(sink.total()).toBe(before + 1);
    await sweepActions({ now: later(), providerFor: providers });
    expect(await row("thread:t1", "k5-outbox")).toMatchObject({ status: "succeeded", learnedBy: "provider_replay" });
    expect(await env.db.outboxMessage.count({ where: { actionKey: "k5-outbox" } })).toBe(1);
    const smtpRow = await row("thread:t1", "k5-smtp");
    expect(smtpRow).toMatchObject({ status: "needs_human", errorCode: "outcome_unknown" });
    expect(sink.delivered.get(smtpRow.providerRef!)).toBe(1);
    expect(sink.total()).toBe(before + 1);
  });

  it("11: a routine's digest killed in the background is completed by the sweeper", async () => {
    await runAndKill(env.url, ["digest", userId, "42"], "after_request", {});
    expect(await row("routine:r1", "run_42:send_digest")).toMatchObject({ status: "started", sentAttempt: 1, type: "send_digest" });
    const report = await sweepActions({ now: later(), providerFor: providers });
    expect(report.reconciled).toContainEqual({ key: "run_42:send_digest", plan: "replay", outcome: "sent" });
    const digest = await env.db.outboxMessage.findMany({ where: { actionKey: "run_42:send_digest" } });
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatchObject({ to: "me@example.com", subject: "Nightly digest" });
    expect(digest[0].html).toContain("<h1>Done</h1>");
  });

  it("13: two instances and a third sweeper race for one unknown row: exactly one reconciles it", async () => {
    await runAndKill(env.url, ["chat", userId, "k13"], "after_claim", {});
    const startAt = String(Date.now() + 6000);
    const sweepNow = String(later().getTime());
    const worker = () =>
      promisify(execFile)(process.execPath, [
        ...TSX_WORKER,
        "tests/integration/actions/support/sweep-worker.ts",
        env.url,
        startAt,
        sweepNow,
      ]);
    const here = async () => {
      await new Promise((r) => setTimeout(r, Number(startAt) - Date.now()));
      return sweepActions({ now: new Date(Number(sweepNow)), providerFor: providers });
    };
    const [a, b, c] = await Promise.all([worker(), worker(), here()]);
    const reports = [...[a, b].map((o) => JSON.parse(o.stdout.trim().split("\n").pop()!) as SweepReport), c];
    const mine = reports.flatMap((r) => r.reconciled).filter((r) => r.key === "k13");
    expect(mine).toEqual([{ key: "k13", plan: "send", outcome: "sent" }]);
    const r = await row("thread:t1", "k13");
    expect(r.status).toBe("succeeded");
    const events = await env.db.actionEvent.findMany({ where: { actionId: r.id, type: "reconcile_started" } });
    expect(events).toHaveLength(1);
    expect(await env.db.outboxMessage.count({ where: { actionKey: "k13" } })).toBe(1);
  });
});
