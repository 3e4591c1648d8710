import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { runResumeTask, type ResumePoint } from "../../../bench/resume-run";
import { resetConfigForTests } from "@/tests/support/config";

const N = 4;

// The short version of `npm run bench -- resume`: the fixture task with 4 call sites, run
// uninterrupted, then abandoned at 25/50/75% of its turns and inside the send window, each time
// continued in a fresh thread that gets only the goal. Every run must finish, send the summary
// exactly once and migrate no call site twice.
describe.each(testDatabases())("resume without the chat on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    process.env.OFFLINE_DELAY_MS = "0";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.OFFLINE_DELAY_MS;
    resetConfigForTests();
    await env?.drop();
  });

  it("finishes at every point with zero duplicate sends and zero redone migrations", async () => {
    const baseline = await runResumeTask({ userId, n: N, point: "none", interruptAfter: null });
    expect(baseline).toMatchObject({ finished: true, duplicateSends: 0, redoneMigrations: 0, interruptedAfter: null });
    // One item per turn, then the summary turn.
    expect(baseline.turns).toBe(N + 1);

    const points: [ResumePoint, number | null][] = [
      ["25%", 0.25],
      ["50%", 0.5],
      ["75%", 0.75],
      ["send-window", null],
    ];
    for (const [point, share] of points) {
      const k = share === null ? null : Math.max(1, Math.round(baseline.turns * share));
      const run = await runResumeTask({ userId, n: N, point, interruptAfter: k });
      if (point === "send-window") expect(run.unknownHandledAs).toMatch(/^not re-sent; reconciled/);
      expect(run, point).toMatchObject({ finished: true, duplicateSends: 0, redoneMigrations: 0 });
      expect(run.threadIds, point).toHaveLength(2);
      if (k !== null) expect(run.interruptedAfter, point).toBe(k);
      // The fresh thread re-reads the plan but repeats no edit: at most a few more calls than the baseline.
      expect(run.toolCalls, point).toBeGreaterThanOrEqual(baseline.toolCalls);
      expect(run.toolCalls, point).toBeLessThanOrEqual(baseline.toolCalls + 4);
    }
    // The send whose outcome was never recorded is settled by the runtime, not by sending again.
    const settled = await env.db.actionLedger.findMany({ where: { type: "send_email", learnedBy: { not: "response" } } });
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ status: "succeeded", attempt: 1 });
  });
});
