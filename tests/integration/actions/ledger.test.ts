import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { emailSpec, journalTypes, later, rowOf } from "./support/ledger-fixtures";
import { providerFor, recordingProvider, type Profile } from "./support/recording-provider";
import { performAction } from "@/lib/actions/perform";
import { sweepActions } from "@/lib/actions/sweep";
import { setCrashHook, SimulatedCrash, type CrashPoint } from "@/tests/support/crash-points";
import { providerKeyFor } from "@/lib/actions/keys";

// The numbered tests of shared/notes/ledger.md, through the real ledger on both databases.
describe.each(testDatabases())("action ledger on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let n = 0;
  const key = () => `m${++n}:send_email:me@example.com:Digest`;
  const pk = (k: string) => providerKeyFor("thread:t1", k);
  const crashAt = (point: CrashPoint) =>
    setCrashHook((p) => {
      if (p === point) throw new SimulatedCrash(p);
    });

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());
  afterEach(() => setCrashHook(null));

  it("1: same key twice sends once and returns the first result", async () => {
    const p = recordingProvider("neither");
    const k = key();
    const first = await performAction(emailSpec(userId, k), p);
    const second = await performAction(emailSpec(userId, k), p);
    expect(first).toMatchObject({ state: "sent", resultId: "email_918", deduplicated: false });
    expect(second).toMatchObject({ state: "sent", resultId: "email_918", deduplicated: true });
    expect(p.performed).toEqual([pk(k)]);
    expect(await journalTypes(env.db, k)).toEqual(["claimed", "request", "succeeded"]);
  });

  it("2: ten concurrent claims of one key send once and never throw", async () => {
    const p = recordingProvider("neither");
    p.delayMs = 30;
    const k = key();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => performAction(emailSpec(userId, k), p)));
    expect(p.performed).toHaveLength(1);
    expect(outcomes.filter((o) => o.state === "sent" && !o.deduplicated)).toHaveLength(1);
    for (const o of outcomes) expect(["sent", "in_progress"]).toContain(o.state);
    expect((await rowOf(env.db, k)).status).toBe("succeeded");
  });

  it("3: same key with a different recipient is refused, also on the insert-conflict path", async () => {
    const p = recordingProvider("neither");
    const k = key();
    await performAction(emailSpec(userId, k), p);
    const other = await performAction(emailSpec(userId, k, "someone@else.com"), p);
    expect(other).toMatchObject({ state: "refused", error: "payload_mismatch" });
    expect(p.performed).toHaveLength(1);
    expect(await journalTypes(env.db, k)).toContain("payload_mismatch");

    // Racing: both INSERTs meet; whoever loses the conflict reads the winner's hash.
    const k2 = key();
    p.delayMs = 20;
    const both = await Promise.all([performAction(emailSpec(userId, k2), p), performAction(emailSpec(userId, k2, "x@y.com"), p)]);
    expect(both.map((o) => o.state).sort()).toEqual(["refused", "sent"]);
    expect(both.find((o) => o.state === "refused")).toMatchObject({ error: "payload_mismatch" });
    expect(p.count(pk(k2))).toBe(1);
  });

  it.each<Profile>(["dedup", "lookup", "neither"])(
    "4: crash after the claim becomes unknown and reconciles to one send (%s)",
    async (profile) => {
      const p = recordingProvider(profile);
      const k = key();
      crashAt("after_claim");
      await expect(performAction(emailSpec(userId, k), p)).rejects.toBeInstanceOf(SimulatedCrash);
      setCrashHook(null);
      expect(p.calls).toBe(0);
      expect(await sweepActions({ now: new Date(), providerFor: providerFor(p) })).toMatchObject({ expired: 0 });
      const report = await sweepActions({ now: later(), providerFor: providerFor(p) });
      expect(report.expired).toBe(1);
      expect(report.reconciled).toEqual([{ key: k, plan: "send", outcome: "sent" }]);
      expect(p.performed).toEqual([pk(k)]);
      expect(await rowOf(env.db, k)).toMatchObject({ status: "succeeded", resultId: "email_918" });
    },
  );

  const afterAck: { profile: Profile; status: string; learnedBy: string | null }[] = [
    { profile: "dedup", status: "succeeded", learnedBy: "provider_replay" },
    { profile: "lookup", status: "succeeded", learnedBy: "lookup" },
    { profile: "neither", status: "needs_human", learnedBy: null },
  ];

  it.each(afterAck)(
    "5: provider accepted, crash before the outcome is recorded: $profile -> $status, one send",
    async ({ profile, status, learnedBy }) => {
      const p = recordingProvider(profile);
      const k = key();
      crashAt("after_provider_ack");
      await expect(performAction(emailSpec(userId, k), p)).rejects.toBeInstanceOf(SimulatedCrash);
      setCrashHook(null);
      await sweepActions({ now: later(), providerFor: providerFor(p) });
      expect(p.performed).toEqual([pk(k)]);
      expect(await rowOf(env.db, k)).toMatchObject({ status, learnedBy });
      // A later retry of the same call sends nothing either.
      await performAction(emailSpec(userId, k), p);
      expect(p.performed).toHaveLength(1);
    },
  );

  it.each(afterAck)(
    "6: client timeout after the provider accepted: $profile -> $status, one send",
    async ({ profile, status, learnedBy }) => {
      const p = recordingProvider(profile);
      p.afterPerform = () => {
        throw new Error("socket timeout");
      };
      const k = key();
      expect(await performAction(emailSpec(userId, k), p)).toMatchObject({ state: "unknown" });
      expect((await rowOf(env.db, k)).status).toBe("unknown");
      p.afterPerform = undefined;
      // The request path never reconciles: a retry answers "unknown" and sends nothing.
      expect(await performAction(emailSpec(userId, k), p)).toMatchObject({ state: "unknown" });
      await sweepActions({ providerFor: providerFor(p) });
      expect(p.performed).toEqual([pk(k)]);
      expect(await rowOf(env.db, k)).toMatchObject({ status, learnedBy });
    },
  );

  it("7: 'concurrent request' backs off, stays non-terminal and does not loop", async () => {
    const p = recordingProvider("dedup");
    p.concurrentAnswers = 100;
    const k = key();
    const outcome = await performAction(emailSpec(userId, k), p);
    expect(outcome.state).toBe("unknown");
    expect(p.calls).toBe(4);
    expect(await rowOf(env.db, k)).toMatchObject({ status: "unknown", errorCode: "concurrent_request" });
    await sweepActions({ providerFor: providerFor(p) });
    expect(p.calls).toBe(8);
    expect((await rowOf(env.db, k)).status).toBe("unknown");
    p.concurrentAnswers = 0;
    await sweepActions({ providerFor: providerFor(p) });
    expect(await rowOf(env.db, k)).toMatchObject({ status: "succeeded", learnedBy: "provider_replay" });
    expect(p.performed).toHaveLength(1);
  });

  it.each<Profile>(["dedup", "neither"])("8: a zombie that outlives its lease updates 0 rows; one send (%s)", async (profile) => {
    const p = recordingProvider(profile);
    const k = key();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // Wait for the zombie to reach the pause itself, not for its write: the write commits before
    // the zombie reaches the hook, and removing the hook in between lets it finish unpaused.
    let paused!: () => void;
    const atPause = new Promise<void>((r) => (paused = r));
    setCrashHook((point) => {
      if (point !== "after_request") return undefined;
      paused();
      return gate;
    });
    const zombie = performAction(emailSpec(userId, k), p);
    await atPause;
    setCrashHook(null);
    await sweepActions({ now: later(), providerFor: providerFor(p) });
    const settled = await rowOf(env.db, k);
    expect(settled.status).toBe(profile === "dedup" ? "succeeded" : "needs_human");
    release();
    await zombie;
    const after = await rowOf(env.db, k);
    expect(after.status).toBe(settled.status);
    expect(after.updatedAt.getTime()).toBe(settled.updatedAt.getTime());
    expect(p.performed).toEqual([pk(k)]);
    expect(await journalTypes(env.db, k)).toContain("late_completion_ignored");
  });

  it.each<Profile>(["dedup", "lookup"])("9: recording the outcome fails after success: %s recovers it, one send", async (profile) => {
    const p = recordingProvider(profile);
    const k = key();
    setCrashHook((point) => {
      if (point === "after_outcome") throw new Error("database went away");
    });
    expect(await performAction(emailSpec(userId, k), p)).toMatchObject({ state: "unknown" });
    setCrashHook(null);
    expect((await rowOf(env.db, k)).status).toBe("started");
    await sweepActions({ now: later(), providerFor: providerFor(p) });
    expect(await rowOf(env.db, k)).toMatchObject({ status: "succeeded", resultId: "email_918" });
    expect(p.performed).toHaveLength(1);
  });

  it("10: an unknown row older than the provider's dedup period is not re-sent", async () => {
    const p = recordingProvider("dedup", { dedupPeriodMs: 10 * 60_000 });
    const k = key();
    crashAt("after_provider_ack");
    await expect(performAction(emailSpec(userId, k), p)).rejects.toBeInstanceOf(SimulatedCrash);
    setCrashHook(null);
    await sweepActions({ now: later(3600_000), providerFor: providerFor(p) });
    expect(p.calls).toBe(1);
    expect(await rowOf(env.db, k)).toMatchObject({ status: "needs_human", errorCode: "outcome_unknown" });
  });

  it("13: two instances and the sweeper race for one unknown row: exactly one reconciles it", async () => {
    const p = recordingProvider("neither");
    p.delayMs = 30;
    const k = key();
    crashAt("after_claim");
    await expect(performAction(emailSpec(userId, k), p)).rejects.toBeInstanceOf(SimulatedCrash);
    setCrashHook(null);
    const reports = await Promise.all([1, 2, 3].map(() => sweepActions({ now: later(), providerFor: providerFor(p) })));
    expect(reports.flatMap((r) => r.reconciled)).toEqual([{ key: k, plan: "send", outcome: "sent" }]);
    expect(p.performed).toHaveLength(1);
  });
});
