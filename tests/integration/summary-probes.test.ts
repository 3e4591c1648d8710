import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { runSummaryProbes } from "../../bench/summary-probes";
import { resetConfigForTests } from "@/tests/support/config";

// With the offline summarizer this tests the plumbing: after a compaction that moved every probe's
// turn before the cut, each answer is still in the next request's input or in the workspace.
describe.each(testDatabases())("summary probes after compaction on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    process.env.CONTEXT_RECENT_TOKENS = "400";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.CONTEXT_RECENT_TOKENS;
    resetConfigForTests();
    await env?.drop();
  });

  it("finds the artifact, continuation and decision answers after the probes' turns were summarized", async () => {
    const { results, isOffline } = await runSummaryProbes(userId);
    expect(isOffline).toBe(true);
    const found = Object.fromEntries(results.map((r) => [r.kind, r.found]));
    // Known gap, printed by `npm run bench -- probes`: the recall probe (a host:port stated in the
    // first message) is lost; the names guarantee does not count a host:port as a name and the
    // offline summary keeps the goal's first sentence only.
    expect({ artifact: found.artifact, continuation: found.continuation, decision: found.decision }).toEqual({
      artifact: true,
      continuation: true,
      decision: true,
    });
    const window = await env.db.summary.findFirstOrThrow({ where: { status: "active" }, orderBy: { createdAt: "desc" } });
    // The probes' own turns are before the cut: what answers them came through compaction.
    const cut = await env.db.message.findUniqueOrThrow({ where: { id: window.cutMessageId } });
    expect(cut.text).toMatch(/^Status check/);
  });
});
