import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { TSX_WORKER } from "./support/tsx-worker";
import { sleep, waitFor } from "./support/wait-for";
import { newRoutine } from "./routines/support/routine-helpers";
import { resetConfigForTests } from "@/tests/support/config";
import { sweepOnce } from "@/lib/sweep/sweeper";
import { recordRun } from "@/lib/routines/claim";
import { executeRun } from "@/lib/routines/execute";

// Two app instances on one database: a worker process holds a routine run (and its turn) and is
// killed with SIGKILL; this process plays the other instance, whose sweeper and Run now must settle
// what the dead one held within about three heartbeats, and never touch a live holder's work.
describe.each(testDatabases())("dead holders settled by heartbeat on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // The defaults: a heartbeat every 5 s, dead after three.
    delete process.env.LEASE_HEARTBEAT_MS;
    delete process.env.LEASE_DEAD_AFTER_MS;
    process.env.OFFLINE_DELAY_MS = "1";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await env?.drop();
  });

  it("a routine run killed with its process is interrupted with the reason, and Run now works within 30 s", async () => {
    const routine = await newRoutine(userId, { name: "Crash" });
    const child = spawn(process.execPath, [...TSX_WORKER, "tests/integration/support/routine-run-worker.ts", env.url, routine.id], {
      // Slow words, so the run's first reply is still streaming when the process is killed.
      env: { ...process.env, OFFLINE_DELAY_MS: "700" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    // Partial saves write the reply's changed parts as draft rows (lib/db/reply-parts.ts).
    const reply = await waitFor(
      async () => {
        const m = await env.db.message.findFirst({ where: { threadId: routine.threadId, role: "assistant", status: "streaming" } });
        return m && (await env.db.replyPart.count({ where: { messageId: m.id } })) > 0 ? m : null;
      },
      (m) => m !== null,
      60_000,
    );
    expect(reply).not.toBeNull();
    const held = await env.db.routine.findUniqueOrThrow({ where: { id: routine.id } });
    const run = await env.db.routineRun.findUniqueOrThrow({ where: { id: held.runHolder! } });
    expect(run.status).toBe("running");

    // Alive, the holder renews on its own timer: the heartbeat moves, and nothing of it is swept.
    await waitFor(
      () => env.db.routine.findUniqueOrThrow({ where: { id: routine.id } }),
      (r) => r.runHeartbeatAt! > held.runHeartbeatAt!,
      15_000,
    );
    expect(await sweepOnce()).toMatchObject({ runs: 0, turns: 0 });
    await expect(recordRun(routine.id, new Date(), "manual", { whenBusy: "refuse" })).rejects.toMatchObject({ status: 409 });

    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const killedAt = Date.now();

    // This instance's sweeper, ticking every second, settles the run and its reply.
    let runs = 0;
    let turns = 0;
    while (runs === 0 && Date.now() - killedAt < 30_000) {
      await sleep(1000);
      const swept = await sweepOnce();
      runs += swept.runs;
      turns += swept.turns;
    }
    const settledMs = Date.now() - killedAt;
    expect(runs).toBe(1);
    expect(settledMs).toBeLessThan(30_000);
    turns += (await sweepOnce()).turns;
    expect(turns).toBe(1);
    expect(await env.db.routineRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: "interrupted",
      error: expect.stringMatching(/^the server running this run stopped \(no heartbeat\)/),
      finishedAt: expect.any(Date),
    });
    const interrupted = await env.db.message.findUniqueOrThrow({ where: { id: reply!.id } });
    expect(interrupted).toMatchObject({ status: "interrupted", errorCode: "interrupted" });
    // The draft parts were folded into the row, and deleted.
    expect(interrupted.text.length).toBeGreaterThan(0);
    expect(await env.db.replyPart.count({ where: { messageId: reply!.id } })).toBe(0);

    // Run now works, and its run finishes.
    const next = await recordRun(routine.id, new Date(), "manual", { whenBusy: "refuse" });
    expect(next?.status).toBe("queued");
    await executeRun(next!.runId);
    expect(await env.db.routineRun.findUniqueOrThrow({ where: { id: next!.runId } })).toMatchObject({ status: "succeeded" });
    console.log(`[dead-holders] ${target.name}: run settled ${settledMs} ms after kill -9`);
  }, 120_000);

  it("Run now takes over a dead holder's run without waiting for the sweeper", async () => {
    const routine = await newRoutine(userId, { name: "Stale" });
    const dead = await recordRun(routine.id, new Date(Date.now() - 60_000), "manual", { whenBusy: "refuse" });
    await env.db.routineRun.update({ where: { id: dead!.runId }, data: { status: "running" } });
    // The holder renewed recently: Run now answers 409.
    await expect(recordRun(routine.id, new Date(), "manual", { whenBusy: "refuse" })).rejects.toMatchObject({ status: 409 });
    // Its last heartbeat is three heartbeats old: the holder is dead, and Run now takes over.
    await env.db.routine.update({ where: { id: routine.id }, data: { runHeartbeatAt: new Date(Date.now() - 15_001) } });
    const next = await recordRun(routine.id, new Date(), "manual", { whenBusy: "refuse" });
    expect(next).toMatchObject({ status: "queued" });
    expect(await env.db.routineRun.findUniqueOrThrow({ where: { id: dead!.runId } })).toMatchObject({
      status: "interrupted",
      error: expect.stringMatching(/^the server running this run stopped \(no heartbeat\)/),
    });
    expect((await env.db.routine.findUniqueOrThrow({ where: { id: routine.id } })).runHolder).toBe(next!.runId);
  });
});
