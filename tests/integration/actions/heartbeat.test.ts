import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { TSX_WORKER } from "../support/tsx-worker";
import { sleep, waitFor } from "../support/wait-for";
import { resetConfigForTests } from "@/tests/support/config";
import { sweepActions } from "@/lib/actions/sweep";
import { providerByName } from "@/lib/email/providers";
import { leaseDeadAfterMs } from "@/lib/jobs/lease";

const HEARTBEAT_MS = 300;

/** Starts an app process that sends one email and parks at `point` (alive, its heartbeat running). */
function parkAt(url: string, userId: string, key: string, point: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX_WORKER, "tests/integration/actions/support/action-worker.ts", url, "chat", userId, key], {
      env: { ...process.env, LEDGER_CRASH_AT: `${point}:wait`, EMAIL_TO: "me@example.com", LEASE_HEARTBEAT_MS: String(HEARTBEAT_MS) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes(`crash-point ${point}`)) resolve(child);
    });
    child.on("exit", () => reject(new Error(`worker ended before ${point}: ${out}`)));
  });
}

// Two app instances on one database: a worker process holds an action's lease while its send is in
// flight; this process plays the other instance's sweeper. A live holder is never touched however
// long the provider takes; a killed one is settled within about three heartbeats, with the reason
// journaled, and reconciled to exactly one send.
describe.each(testDatabases())("action leases by heartbeat on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    process.env.LEASE_HEARTBEAT_MS = String(HEARTBEAT_MS);
    delete process.env.LEASE_DEAD_AFTER_MS;
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    delete process.env.LEASE_HEARTBEAT_MS;
    resetConfigForTests();
    await env?.drop();
  });

  const row = (key: string) => env.db.actionLedger.findUniqueOrThrow({ where: { scope_key: { scope: "thread:t1", key } } });

  it("a send in flight is renewed, not swept; killed, it is settled within about three heartbeats and sent once", async () => {
    const key = `hb-${target.name}`;
    const child = await parkAt(env.url, userId, key, "after_request");
    children.push(child);
    const held = await row(key);
    expect(held).toMatchObject({ status: "started", sentAttempt: 1 });
    expect(held.leaseHolder).not.toBeNull();

    // Alive for several dead-after periods: the heartbeat moves and the sweeper leaves the row alone.
    await sleep(3 * leaseDeadAfterMs());
    expect((await sweepActions({ providerFor: providerByName })).expired).toBe(0);
    const renewed = await row(key);
    expect(renewed).toMatchObject({ status: "started", leaseHolder: held.leaseHolder });
    expect(renewed.leaseHeartbeatAt!.getTime()).toBeGreaterThan(held.leaseHeartbeatAt!.getTime());
    expect(renewed.updatedAt.getTime()).toBe(held.updatedAt.getTime());

    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const killedAt = Date.now();
    let expired = 0;
    const reconciled: string[] = [];
    while (expired === 0 && Date.now() - killedAt < 30_000) {
      await sleep(100);
      const report = await sweepActions({ providerFor: providerByName });
      expired += report.expired;
      reconciled.push(...report.reconciled.map((r) => `${r.plan}:${r.outcome}`));
    }
    const settledMs = Date.now() - killedAt;
    expect(expired).toBe(1);
    // Dead after three heartbeats (900 ms); the rest is this loop's tick and a loaded machine.
    expect(settledMs).toBeGreaterThanOrEqual(leaseDeadAfterMs() - HEARTBEAT_MS);
    expect(settledMs).toBeLessThan(10 * leaseDeadAfterMs());

    const settled = await waitFor(
      () => row(key),
      (r) => r.status === "succeeded",
    );
    expect(settled).toMatchObject({ status: "succeeded", learnedBy: "provider_replay", leaseHolder: null, leaseHeartbeatAt: null });
    expect(reconciled).toEqual(["replay:sent"]);
    const events = await env.db.actionEvent.findMany({ where: { actionId: settled.id }, orderBy: { seq: "asc" } });
    const stopped = events.find((e) => e.type === "holder_stopped");
    expect(JSON.parse(stopped!.payload)).toMatchObject({
      attempt: 1,
      requested: true,
      reason: expect.stringMatching(/stopped \(no heartbeat for/),
    });
    expect(events.map((e) => e.type)).toEqual(["claimed", "request", "holder_stopped", "reconcile_started", "request", "succeeded"]);
    expect(await env.db.outboxMessage.count({ where: { actionKey: key } })).toBe(1);
  });
});
