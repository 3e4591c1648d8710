import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { recordRun } from "@/lib/routines/claim";
import { tick } from "@/lib/routines/scheduler";
import { updateRoutine } from "@/lib/routines/store";
import { newRoutine } from "./support/routine-helpers";
import { TSX_WORKER } from "../support/tsx-worker";

const exec = promisify(execFile);
const HOUR = 3_600_000;

describe.each(testDatabases())("routine scheduling on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  /** An hourly routine whose pending slot is `hoursAgo` whole hours in the past. */
  async function dueRoutine(name: string, hoursAgo: number) {
    const r = await newRoutine(userId, { name, cron: "0 * * * *", timezone: "UTC" });
    const slot = new Date(Math.floor(Date.now() / HOUR) * HOUR - (hoursAgo - 1) * HOUR);
    await env.db.routine.update({ where: { id: r.id }, data: { nextRunAt: slot } });
    return { ...r, slot };
  }

  it("a due slot runs once, and the routine moves to the next slot", async () => {
    const r = await dueRoutine("on time", 1);
    const { runs, finished } = await tick();
    await finished;
    const mine = runs.filter((x) => x.routineId === r.id);
    expect(mine).toHaveLength(1);
    const run = await env.db.routineRun.findUniqueOrThrow({ where: { id: mine[0]!.runId } });
    expect(run).toMatchObject({ status: "succeeded", trigger: "scheduled", scheduledFor: r.slot });
    const after = await env.db.routine.findUniqueOrThrow({ where: { id: r.id } });
    expect(after.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after.runHolder).toBeNull();
    expect((await tick()).runs.filter((x) => x.routineId === r.id)).toHaveLength(0);
  });

  it("slots missed while the app was down become one catch-up run", async () => {
    const r = await dueRoutine("was down", 6);
    const { runs, finished } = await tick();
    await finished;
    expect(runs.filter((x) => x.routineId === r.id)).toHaveLength(1);
    const rows = await env.db.routineRun.findMany({ where: { routineId: r.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      trigger: "catch_up",
      status: "succeeded",
      scheduledFor: new Date(Math.floor(Date.now() / HOUR) * HOUR),
    });
    expect(await env.db.message.count({ where: { threadId: r.threadId, runStart: true } })).toBe(1);
  });

  it("the next run is recorded as skipped while one is still running; Run now is refused", async () => {
    const r = await dueRoutine("overlap", 1);
    const busy = await recordRun(r.id, new Date(Date.now() - 2 * HOUR), "manual", { whenBusy: "refuse" });
    expect(busy?.status).toBe("queued"); // holds the run lease, as a long run would
    const { runs, finished } = await tick();
    await finished;
    const mine = runs.filter((x) => x.routineId === r.id);
    expect(mine).toEqual([{ runId: expect.any(String), routineId: r.id, status: "skipped" }]);
    const skipped = await env.db.routineRun.findUniqueOrThrow({ where: { id: mine[0]!.runId } });
    expect(skipped).toMatchObject({ status: "skipped", error: "the previous run was still running", startMessageId: null });
    await expect(recordRun(r.id, new Date(), "manual", { whenBusy: "refuse" })).rejects.toMatchObject({ status: 409 });
    expect(await env.db.message.count({ where: { threadId: r.threadId, runStart: true } })).toBe(0);
  });

  it("a run whose holder stopped heartbeating (its server died) is marked interrupted when the next one starts", async () => {
    const r = await dueRoutine("crashed", 1);
    const dead = await recordRun(r.id, new Date(Date.now() - 3 * HOUR), "manual", { whenBusy: "refuse" });
    await env.db.routineRun.update({ where: { id: dead!.runId }, data: { status: "running" } });
    await env.db.routine.update({ where: { id: r.id }, data: { runHeartbeatAt: new Date(Date.now() - HOUR) } });
    const { runs, finished } = await tick();
    await finished;
    expect(runs.filter((x) => x.routineId === r.id).map((x) => x.status)).toEqual(["queued"]);
    expect(await env.db.routineRun.findUniqueOrThrow({ where: { id: dead!.runId } })).toMatchObject({ status: "interrupted" });
  });

  it("a paused routine is not claimed, and resuming does not replay the paused slots", async () => {
    const r = await dueRoutine("paused", 3);
    await env.db.routine.update({ where: { id: r.id }, data: { enabled: false } });
    expect((await tick()).runs.filter((x) => x.routineId === r.id)).toHaveLength(0);
    const resumed = await updateRoutine(userId, r.id, { enabled: true });
    expect(resumed.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await tick()).runs.filter((x) => x.routineId === r.id)).toHaveLength(0);
    expect(await env.db.routineRun.count({ where: { routineId: r.id } })).toBe(0);
  });

  it("two app instances ticking at once start each due run exactly once", async () => {
    const routines = [];
    for (let i = 0; i < 4; i++) routines.push(await dueRoutine(`race ${i}`, 1 + (i % 2) * 3));
    const startAt = String(Date.now() + 6000);
    const worker = () =>
      exec(process.execPath, [...TSX_WORKER, "tests/integration/routines/support/tick-worker.ts", env.url, startAt, "3"], {
        env: { ...process.env, OFFLINE_DELAY_MS: "0", ROUTINES_SCHEDULER: "off" },
      });
    const outputs = await Promise.all([worker(), worker()]);
    const claimed = outputs.flatMap((o) => JSON.parse(o.stdout.trim().split("\n").pop()!).claimed as string[]);
    const ids = routines.map((r) => r.id);
    const rows = await env.db.routineRun.findMany({ where: { routineId: { in: ids } } });
    expect(rows).toHaveLength(4);
    expect(new Set(claimed)).toEqual(new Set(rows.map((r) => r.id)));
    expect(claimed).toHaveLength(4);
    expect(rows.map((r) => [r.status, r.error])).toEqual(rows.map(() => ["succeeded", null]));
    for (const r of routines) {
      expect(await env.db.message.count({ where: { threadId: r.threadId, runStart: true } })).toBe(1);
    }
  });
});
