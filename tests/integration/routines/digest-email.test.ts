import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { resetConfigForTests } from "@/tests/support/config";
import { deliverRunResult } from "@/lib/routines/deliver";
import { newRoutine, runOnce } from "./support/routine-helpers";

// A routine whose instructions ask for a digest mails its final reply once per run, through the
// ledger (key run_<id>:send_digest), to EMAIL_TO; the local outbox is the provider here.
describe.each(testDatabases())("routine digest email on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    process.env.EMAIL_TO = "me@example.com";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.EMAIL_TO;
    resetConfigForTests();
    await env?.drop();
  });

  it("sends one digest per run, however often the run's end is delivered", async () => {
    const r = await newRoutine(userId, { name: "Inbox digest" });
    const run = await runOnce(env.db, r.id);
    expect(run.status).toBe("succeeded");
    const sent = await env.db.outboxMessage.findMany({ where: { scope: `routine:${r.id}` } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "me@example.com", actionKey: `run_${run.id}:send_digest`, subject: "Inbox digest: digest" });
    expect(sent[0].text).toContain(run.finalReply!.slice(0, 40));

    // A retried end of the same run sends nothing new; the next run is a new key.
    await deliverRunResult({
      runId: run.id,
      routineId: r.id,
      routineName: r.name,
      instructions: r.instructions,
      userId,
      threadId: r.threadId,
      finalReply: run.finalReply!,
    });
    expect(await env.db.outboxMessage.count({ where: { scope: `routine:${r.id}` } })).toBe(1);
    const second = await runOnce(env.db, r.id, new Date(Date.now() + 60_000));
    expect(await env.db.outboxMessage.count({ where: { scope: `routine:${r.id}`, actionKey: `run_${second.id}:send_digest` } })).toBe(1);
  });

  it("mails nothing when the instructions do not ask for a digest", async () => {
    const r = await newRoutine(userId, { name: "Quiet", instructions: "Tidy my notes file." });
    await runOnce(env.db, r.id);
    expect(await env.db.outboxMessage.count({ where: { scope: `routine:${r.id}` } })).toBe(0);
  });
});
