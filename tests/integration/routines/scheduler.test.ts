import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { resetConfigForTests } from "@/tests/support/config";
import { register } from "@/instrumentation";
import { newRoutine } from "./support/routine-helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stops the embedded scheduler register() started: its timers are on globalThis (lib/routines/scheduler.ts). */
function stopScheduler(): void {
  const slot = globalThis as { __routineScheduler?: NodeJS.Timeout; __routineFirstTick?: NodeJS.Timeout };
  clearInterval(slot.__routineScheduler);
  clearTimeout(slot.__routineFirstTick);
  slot.__routineScheduler = undefined;
  slot.__routineFirstTick = undefined;
}
const saved = { ...process.env };

/** Sets env for register() and the config it reads. */
function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

// The embedded scheduler as `npm start` gets it: instrumentation register() in the Node runtime.
describe.each(testDatabases())("the in-process scheduler on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let routineId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    const r = await newRoutine(userId, { name: "embedded" });
    await env.db.routine.update({ where: { id: r.id }, data: { nextRunAt: new Date(Date.now() - 60_000) } });
    routineId = r.id;
  });
  afterEach(() => {
    stopScheduler();
    for (const k of ["NEXT_RUNTIME", "NEXT_PHASE", "ROUTINES_SCHEDULER", "ROUTINES_TICK_MS"]) setEnv({ [k]: saved[k] });
  });
  afterAll(async () => env?.drop());

  const runs = () => env.db.routineRun.count({ where: { routineId } });

  it("does not start in the edge runtime, during next build, or with ROUTINES_SCHEDULER=off", async () => {
    for (const vars of [
      { NEXT_RUNTIME: "edge", ROUTINES_SCHEDULER: "on" },
      { NEXT_RUNTIME: "nodejs", NEXT_PHASE: "phase-production-build", ROUTINES_SCHEDULER: "on" },
      { NEXT_RUNTIME: "nodejs", ROUTINES_SCHEDULER: "off" },
    ]) {
      setEnv({ ...vars, ROUTINES_TICK_MS: "1000" });
      await register();
      await sleep(1600);
      stopScheduler();
      expect(await runs()).toBe(0);
    }
  });

  it("started by register() in the Node runtime, it runs the due routine soon after start", async () => {
    setEnv({ NEXT_RUNTIME: "nodejs", NEXT_PHASE: undefined, ROUTINES_SCHEDULER: "on", ROUTINES_TICK_MS: "60000" });
    await register();
    await expect
      .poll(async () => (await env.db.routineRun.findFirst({ where: { routineId } }))?.status, { timeout: 20_000 })
      .toBe("succeeded");
    expect(await runs()).toBe(1);
  });
});
