import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { settleAfter } from "./support/after-stub";
import { routeServer } from "./support/route-server";
import { seedConversation, seedLongConversation } from "./support/seed";
import { newRoutine } from "./routines/support/routine-helpers";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { appendMessage } from "@/lib/db/messages";
import { signJob, SIGNATURE_HEADER } from "@/lib/background/job-signature";
import { afterTurn } from "@/lib/chat/after-turn";

// The serverless path: no process lives between requests, so the in-process scheduler and sweeper
// are off and only the cron routes tick. Their route handlers run here as a platform would call
// them, with after() standing in for Next's request scope (support/after-stub.ts). A compaction is
// handed to its own invocation over real HTTP: a local server answers POST /api/jobs/compaction
// with the route handler, as the platform would start a new function for it.
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));
const { GET: sweepRoute } = await import("@/app/api/cron/sweep/route");
const { GET: routinesRoute } = await import("@/app/api/cron/routines/route");
const { POST: jobRoute } = await import("@/app/api/jobs/compaction/route");

const SECRET = "cron-secret-for-tests-0123456789";
const tick = (route: typeof sweepRoute, path: string) =>
  route(new Request(`http://app.test${path}`, { headers: { authorization: `Bearer ${SECRET}` } }), { params: Promise.resolve({}) });

describe.each(testDatabases())("serverless: only the cron routes tick, on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let jobs: Awaited<ReturnType<typeof routeServer>>;
  beforeAll(async () => {
    jobs = await routeServer({ "/api/jobs/compaction": jobRoute });
    Object.assign(process.env, {
      CRON_SECRET: SECRET,
      ROUTINES_SCHEDULER: "off",
      SWEEPER: "off",
      CONTEXT_RECENT_TOKENS: "300",
      APP_URL: jobs.url,
    });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const key of ["CRON_SECRET", "ROUTINES_SCHEDULER", "SWEEPER", "CONTEXT_RECENT_TOKENS", "APP_URL"]) delete process.env[key];
    resetConfigForTests();
    await jobs?.close();
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
    await seedLongConversation(t.id);
    // The reply's function died mid-compaction: its receipt says running, its lease is gone.
    const dead = await env.db.compaction.create({ data: { threadId: t.id, status: "running", trigger: "overflow" } });

    const res = await tick(sweepRoute, "/api/cron/sweep");
    const json = await res.json();
    expect(json.compactions).toBeGreaterThanOrEqual(1);
    expect(json.compactionsRetried).toContain(t.id);
    expect((await env.db.compaction.findUniqueOrThrow({ where: { id: dead.id } })).status).toBe("interrupted");
    await settleAfter();
    expect(jobs.seen).toContain("POST /api/jobs/compaction");
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

  const longThread = async () => {
    const t = await createThread(userId);
    await seedLongConversation(t.id);
    return t;
  };
  // An overflow compacts whatever there is (a threshold crossing skips spans below its minimum).
  const crossing = Promise.resolve({ lastInputTokens: null, overflow: true, contextWindow: undefined });

  it("a compaction crossing after a reply is handed to its own invocation over HTTP and lands", async () => {
    const t = await longThread();
    const before = jobs.seen.length;
    await afterTurn(t.id, crossing, { origin: "http://reply.invalid" });
    // The reply's function only waited for the hand-off (202); the work runs in the job's after().
    expect(jobs.seen.slice(before)).toEqual(["POST /api/jobs/compaction"]);
    await settleAfter();
    const receipts = await env.db.compaction.findMany({ where: { threadId: t.id } });
    expect(receipts.map((r) => [r.status, r.trigger])).toEqual([["saved", "overflow"]]);
    expect(await env.db.summary.count({ where: { threadId: t.id, status: "active" } })).toBe(1);
  });

  it("when the job route cannot be reached, the compaction runs where it was asked for", async () => {
    process.env.APP_URL = "http://127.0.0.1:9"; // the discard port: nothing answers
    resetConfigForTests();
    try {
      const t = await longThread();
      await afterTurn(t.id, crossing);
      expect((await env.db.compaction.findMany({ where: { threadId: t.id } })).map((r) => r.status)).toEqual(["saved"]);
    } finally {
      process.env.APP_URL = jobs.url;
      resetConfigForTests();
    }
  });

  it("POST /api/jobs/compaction refuses an unsigned, altered, stale or foreign-keyed job and runs nothing", async () => {
    const t = await longThread();
    const body = JSON.stringify({ threadId: t.id, trigger: "manual" });
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(`${jobs.url}/api/jobs/compaction`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: payload,
      });
    const signed = (payload: string, opts?: Parameters<typeof signJob>[2]) => ({
      [SIGNATURE_HEADER]: signJob(SECRET, { path: "/api/jobs/compaction", body: payload }, opts),
    });
    expect((await post({})).status).toBe(401);
    const altered = JSON.stringify({ threadId: t.id, trigger: "overflow" });
    expect((await post(signed(body), altered)).status).toBe(401);
    expect((await post(signed(body, { now: Date.now() - 10 * 60_000 }))).status).toBe(401);
    expect(
      (await post({ [SIGNATURE_HEADER]: signJob("another-secret-0123456789abcdef", { path: "/api/jobs/compaction", body }) })).status,
    ).toBe(401);
    const unknown = JSON.stringify({ threadId: "no-such-thread", trigger: "manual" });
    expect((await post(signed(unknown), unknown)).status).toBe(404);
    await settleAfter();
    expect(await env.db.compaction.count({ where: { threadId: t.id } })).toBe(0);
    expect((await post(signed(body))).status).toBe(202);
    await settleAfter();
    expect((await env.db.compaction.findMany({ where: { threadId: t.id } })).map((r) => r.status)).toEqual(["saved"]);
  });
});
