import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { seedConversation } from "./support/seed";
import { createThread } from "@/lib/db/threads";
import { TSX_WORKER } from "./support/tsx-worker";

const run = promisify(execFile);

// Two app instances (two processes, two connection pools) trigger the same thread's compaction at
// the same moment: the lease's compare-and-set lets exactly one summarize.
describe.each(testDatabases())("compaction lease across processes on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    env = await provision(target);
  });
  afterAll(async () => env?.drop());

  it("lets exactly one of two processes summarize", async () => {
    const userId = (await env.db.user.create({ data: {} })).id;
    const t = await createThread(userId);
    await seedConversation(t.id, [
      ["user", "Move callers from getAccount to loadAccount in src/api/accounts.ts and src/cli/accounts.ts."],
      ["assistant", "Loader ready; three callers remain."],
      ["user", "Keep the CLI output unchanged."],
      ["assistant", "I'll keep the formatter."],
    ]);
    const startAt = String(Date.now() + 8000);
    const env2 = { ...process.env, CONTEXT_RECENT_TOKENS: "20", COMPACT_AT_INPUT_TOKENS: "100", OFFLINE_DELAY_MS: "0" };
    const worker = () =>
      run(process.execPath, [...TSX_WORKER, "tests/integration/support/compact-worker.ts", env.url, t.id, startAt], { env: env2 });
    const outputs = await Promise.all([worker(), worker()]);
    const statuses = outputs.map((o) => JSON.parse(o.stdout.trim().split("\n").pop()!).status).sort();
    expect(statuses).toEqual(["busy", "saved"]);
    expect(await env.db.modelCall.count({ where: { threadId: t.id, kind: "summary" } })).toBe(1);
    expect(await env.db.summary.count({ where: { threadId: t.id, status: "active" } })).toBe(1);
  });
});
