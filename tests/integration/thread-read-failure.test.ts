import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { createThread, findOwnedThread } from "@/lib/db/threads";

// The thread page's read (app/t/[id]/prefetch-thread.ts): a thread that is missing, deleted or
// another user's is null, so the page shows "Chat not found"; a read that fails throws, so the
// page's error boundary says something went wrong instead of calling the thread missing.
describe.each(testDatabases())("the thread page's read on $name", (target) => {
  let env: Provisioned;
  let owner: string;
  let threadId: string;
  beforeAll(async () => {
    env = await provision(target, "lrc_thread_read");
    owner = (await env.db.user.create({ data: {} })).id;
    await env.db.user.create({ data: { id: "someone-else" } });
    threadId = (await createThread(owner)).id;
  });
  afterAll(() => env?.drop());

  it("finds the owner's thread, and nothing for a missing, foreign or deleted one", async () => {
    expect(await findOwnedThread(owner, threadId)).toMatchObject({ id: threadId });
    expect(await findOwnedThread(owner, "no-such-thread")).toBeNull();
    expect(await findOwnedThread("someone-else", threadId)).toBeNull();
    const deleted = (await createThread(owner)).id;
    await env.db.thread.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    expect(await findOwnedThread(owner, deleted)).toBeNull();
  });

  it("throws when the database is gone, rather than answering not found", async () => {
    // The database is dropped under the app's client: its next read finds no database (PostgreSQL)
    // or a new empty file without the tables (SQLite).
    await env.drop();
    await expect(findOwnedThread(owner, threadId)).rejects.toThrow();
  });
});
