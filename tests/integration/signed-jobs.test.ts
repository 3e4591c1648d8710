import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { settleAfter } from "./support/after-stub";
import { routeServer } from "./support/route-server";
import { seedLongConversation } from "./support/seed";
import { TSX_WORKER } from "./support/tsx-worker";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { acceptJobOnce } from "@/lib/background/accepted-jobs";
import { signJob, SIGNATURE_HEADER } from "@/lib/background/job-signature";

// A signed job is single-use: the job route records its nonce when it accepts it, in one insert,
// so a captured request sent again, or two copies arriving at once (at two instances), give one
// 202 and 409s. The route runs behind a real socket (support/route-server.ts).
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));
const { POST: jobRoute } = await import("@/app/api/jobs/compaction/route");

const run = promisify(execFile);
const SECRET = "signed-jobs-secret-0123456789abc";
const PATH = "/api/jobs/compaction";

describe.each(testDatabases())("signed jobs are single-use, on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let jobs: Awaited<ReturnType<typeof routeServer>>;
  beforeAll(async () => {
    // A second path answered by the same handler stands in for any other route that takes signed jobs.
    jobs = await routeServer({ [PATH]: jobRoute, "/api/jobs/compaction-copy": jobRoute });
    Object.assign(process.env, { CRON_SECRET: SECRET, SWEEPER: "off", CONTEXT_RECENT_TOKENS: "300" });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const key of ["CRON_SECRET", "SWEEPER", "CONTEXT_RECENT_TOKENS"]) delete process.env[key];
    resetConfigForTests();
    await jobs?.close();
    await env?.drop();
  });

  const longThread = async () => {
    const t = await createThread(userId);
    await seedLongConversation(t.id);
    return t;
  };
  const post = (path: string, signature: string, body: string) =>
    fetch(`${jobs.url}${path}`, { method: "POST", headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature }, body });
  const receipts = async (threadId: string) => (await env.db.compaction.findMany({ where: { threadId } })).map((r) => r.status);

  it("a captured job sent again is refused with 409 in the API's error shape, and the compaction runs once", async () => {
    const t = await longThread();
    const body = JSON.stringify({ threadId: t.id, trigger: "manual" });
    const signature = signJob(SECRET, { path: PATH, body });
    expect((await post(PATH, signature, body)).status).toBe(202);
    await settleAfter();
    expect(await receipts(t.id)).toEqual(["saved"]);

    const replay = await post(PATH, signature, body);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ error: { code: "conflict", message: "This job was already accepted; a signed job runs once" } });
    await settleAfter();
    expect(await receipts(t.id)).toEqual(["saved"]);
  });

  it("copies of one job arriving at once: exactly one 202, the rest 409, one compaction", async () => {
    const t = await longThread();
    const body = JSON.stringify({ threadId: t.id, trigger: "manual" });
    const signature = signJob(SECRET, { path: PATH, body });
    const statuses = await Promise.all(Array.from({ length: 8 }, () => post(PATH, signature, body).then((r) => r.status)));
    expect(statuses.sort()).toEqual([202, 409, 409, 409, 409, 409, 409, 409]);
    await settleAfter();
    expect(await receipts(t.id)).toEqual(["saved"]);
  });

  it("two instances (two processes, two pools) accepting the same nonce at the same moment: exactly one does", async () => {
    const nonce = "ab".repeat(16);
    const startAt = String(Date.now() + 6000);
    const worker = () =>
      run(process.execPath, [
        ...TSX_WORKER,
        "tests/integration/support/accept-job-worker.ts",
        env.url,
        nonce,
        String(Math.floor(Date.now() / 1000)),
        startAt,
      ]);
    const outputs = await Promise.all([worker(), worker()]);
    const accepted = outputs.map((o) => JSON.parse(o.stdout.trim().split("\n").pop()!).accepted).sort();
    expect(accepted).toEqual([false, true]);
    expect(await env.db.acceptedJob.count({ where: { nonce } })).toBe(1);
  });

  it("a signature is good for its own path only: sent to another path, or signed for another, it is refused and records nothing", async () => {
    const t = await longThread();
    const body = JSON.stringify({ threadId: t.id, trigger: "manual" });
    const before = await env.db.acceptedJob.count();
    expect((await post("/api/jobs/compaction-copy", signJob(SECRET, { path: PATH, body }), body)).status).toBe(401);
    expect((await post(PATH, signJob(SECRET, { path: "/api/jobs/compaction-copy", body }), body)).status).toBe(401);
    expect((await post(PATH, signJob(SECRET, { path: "/api/cron/sweep", body }), body)).status).toBe(401);
    await settleAfter();
    expect(await receipts(t.id)).toEqual([]);
    expect(await env.db.acceptedJob.count()).toBe(before);
  });

  it("the next accept prunes nonces well past their validity and keeps the rest", async () => {
    const now = Date.now();
    const at = (msAgo: number) => Math.floor((now - msAgo) / 1000);
    expect(await acceptJobOnce({ nonce: "1".repeat(32), timestamp: at(5 * 60_000) }, new Date(now - 5 * 60_000))).toBe(true);
    expect(await acceptJobOnce({ nonce: "0".repeat(32), timestamp: at(60 * 60_000) }, new Date(now - 60 * 60_000))).toBe(true);
    expect(await env.db.acceptedJob.count({ where: { nonce: { in: ["0".repeat(32), "1".repeat(32)] } } })).toBe(2);

    expect(await acceptJobOnce({ nonce: "2".repeat(32), timestamp: at(0) }, new Date(now))).toBe(true);
    const left = (await env.db.acceptedJob.findMany({ select: { nonce: true } })).map((r) => r.nonce);
    expect(left).not.toContain("0".repeat(32));
    expect(left).toEqual(expect.arrayContaining(["1".repeat(32), "2".repeat(32)]));
    // A refused replay prunes nothing and records nothing.
    expect(await acceptJobOnce({ nonce: "2".repeat(32), timestamp: at(0) }, new Date(now))).toBe(false);
  });
});
