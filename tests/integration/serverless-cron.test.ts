import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { settleAfter } from "./support/after-stub";
import { seedConversation } from "./support/seed";
import { newRoutine } from "./routines/support/routine-helpers";
import { resetConfigForTests } from "@/lib/config";
import { createThread } from "@/lib/db/threads";
import { appendMessage } from "@/lib/db/messages";

// The serverless path: no process lives between requests, so the in-process scheduler and sweeper
// are off and only the cron routes tick. Their route handlers run here as a platform would call
// them, with after() standing in for Next's request scope (support/after-stub.ts).
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));
const { GET: sweepRoute } = await import("@/app/api/cron/sweep/route");
const { GET: routinesRoute } = await import("@/app/api/cron/routines/route");

const SECRET = "cron-secret-for-tests-0123456789";
const tick = (route: typeof sweepRoute, path: string) =>
  route(new Request(`http://app.test${path}`, { headers: { authorization: `Bearer ${SECRET}` } }), { params: Promise.resolve({}) });

describe.each(testDatabases())("serverless: only the cron routes tick, on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    Object.assign(process.env, { CRON_SECRET: SECRET, ROUTINES_SCHEDULER: "off", SWEEPER: "off", CONTEXT_RECENT_TOKENS: "300" });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const key of ["CRON_SECRET", "ROUTINES_SCHEDULER", "SWEEPER", "CONTEXT_RECENT_TOKENS"]) delete process.env[key];
    resetConfigForTests();
    await env?.drop();
  });

  it("GET /api/cron/sweep refuses a request without the secret", async () => {
    const res = await sweepRoute(new Request("http://app.test/api/cron/sweep"), { params: Promise.resolve({}) });
    expect(res.status).toBe(401);
  });

  it("closes a reply whose function died: the sweep cron marks it interrupted and frees the thread", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, [["user", "Write the report."]]);
    const reply = await appendMessage(t.id, {
      role: "assistant",
      parts: [{ type: "text", text: "Half a rep" }],
      text: "Half a rep",
      tokens: 3,
    });
    await env.db.message.update({ where: { id: reply.id }, data: { status: "streaming" } });
    await env.db.thread.update({
      where: { id: t.id },
      data: { turnHolder: reply.id, turnHeartbeatAt: new Date(Date.now() - 60 * 60_000) },
    });

    const res = await tick(sweepRoute, "/api/cron/sweep");
    expect(res.status).toBe(200);
    expect((await res.json()).turns).toBeGreaterThanOrEqual(1);
    expect(await env.db.message.findUniqueOrThrow({ where: { id: reply.id } })).toMatchObject({
      status: "interrupted",
      text: "Half a rep",
    });
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).turnHolder).toBeNull();
  });

  it("runs a compaction whose function died again, in the cron's own invocation, and it lands", async () => {
    const t = await createThread(userId);
    const long = (k: number) => `Step ${k}: moved caller ${k} of getAccount to loadAccount in src/module${k}.ts. `.repeat(12);
    await seedConversation(
      t.id,
      Array.from({ length: 16 }, (_, k): ["user" | "assistant", string] => [k % 2 ? "assistant" : "user", long(k)]),
    );
    // The reply's function died mid-compaction: its receipt says running, its lease is gone.
    const dead = await env.db.compaction.create({ data: { threadId: t.id, status: "running", trigger: "overflow" } });

    const res = await tick(sweepRoute, "/api/cron/sweep");
    const json = await res.json();
    expect(json.compactions).toBeGreaterThanOrEqual(1);
    expect(json.compactionsRetried).toContain(t.id);
    expect((await env.db.compaction.findUniqueOrThrow({ where: { id: dead.id } })).status).toBe("interrupted");
    await settleAfter();
    const receipts = await env.db.compaction.findMany({ where: { threadId: t.id }, orderBy: { startedAt: "asc" } });
    expect(receipts.map((r) => r.status)).toEqual(["interrupted", "saved"]);
    expect(await env.db.summary.count({ where: { threadId: t.id, status: "active" } })).toBe(1);
    // Picked up once: the next tick has nothing left to retry.
    expect((await (await tick(sweepRoute, "/api/cron/sweep")).json()).compactionsRetried).not.toContain(t.id);
  });

  it("GET /api/cron/routines starts a due run through after() and the run finishes", async () => {
    const r = await newRoutine(userId, { name: "serverless" });
    await env.db.routine.update({ where: { id: r.id }, data: { nextRunAt: new Date(Date.now() - 60_000) } });
    const res = await tick(routinesRoute, "/api/cron/routines");
    expect((await res.json()).claimed).toBe(1);
    await settleAfter();
    expect((await env.db.routineRun.findFirstOrThrow({ where: { routineId: r.id } })).status).toBe("succeeded");
  });
});
