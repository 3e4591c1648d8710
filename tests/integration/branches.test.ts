import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { editOwnMessage } from "@/lib/chat/edit";
import { branchIntoNewChat } from "@/lib/chat/branch-thread";
import { inspectContext } from "@/lib/chat/inspect";
import { showVersion } from "@/lib/chat/show-version";
import { writeFile } from "@/lib/workspace/store";
import { seedSummary } from "./support/seed";
import { readTranscriptPage } from "@/lib/chat/transcript-page";
import { createThread } from "@/lib/db/threads";

// The message tree (issue 40) on each database: an edit and a regenerate keep the earlier
// version, flipping shows a version with the branch last shown under it, and the page says which
// version each message is.
describe.each(testDatabases())("message versions on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    otherUserId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  const path = async (threadId: string) =>
    (await env.db.message.findMany({ where: { threadId, deletedAt: null }, orderBy: { seq: "asc" }, select: { id: true } })).map(
      (m) => m.id,
    );
  const page = async (threadId: string) => (await readTranscriptPage(threadId, { limit: 50 })).messages;

  /** u1 a1 u2 a2, then a2 regenerated (a2r), then u2 edited (u2e) and answered (a3). */
  async function branchedThread() {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart("one"));
    await completeTurn(userId, t.id, textStart("two"));
    const [u1, a1, u2, a2] = await path(t.id);
    await completeTurn(userId, t.id, { kind: "retry", messageId: a2 });
    const a2r = (await path(t.id))[3];
    const u2e = (await editOwnMessage(userId, t.id, u2, "two, edited")).id;
    await completeTurn(userId, t.id, { kind: "continue", messageId: u2e });
    const a3 = (await path(t.id))[3];
    return { threadId: t.id, u1, a1, u2, a2, a2r, u2e, a3 };
  }

  it("keeps every version, and the page numbers them", async () => {
    const b = await branchedThread();
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2e, b.a3]);
    const shown = await page(b.threadId);
    expect(shown.map((m) => m.versions ?? null)).toEqual([null, null, { index: 2, count: 2, previousId: b.u2, nextId: null }, null]);
  });

  it("flips to an earlier version with the branch last shown under it, and back", async () => {
    const b = await branchedThread();
    expect((await showVersion(userId, b.threadId, b.u2)).shown).toEqual([b.u2, b.a2r]);
    // The regenerated reply was the one shown under u2 when the edit replaced it.
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2, b.a2r]);
    const shown = await page(b.threadId);
    expect(shown[2].versions).toEqual({ index: 1, count: 2, previousId: null, nextId: b.u2e });
    expect(shown[3].versions).toEqual({ index: 2, count: 2, previousId: b.a2, nextId: null });

    await showVersion(userId, b.threadId, b.a2);
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2, b.a2]);
    await showVersion(userId, b.threadId, b.u2e);
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2e, b.a3]);
    // No message was lost or duplicated on the way.
    expect(await env.db.message.count({ where: { threadId: b.threadId } })).toBe(7);
    // Showing the version already shown changes nothing.
    expect((await showVersion(userId, b.threadId, b.u2e)).shown).toEqual([]);
  });

  it("shows a message deep in another branch: the branch comes back down to it (a search hit)", async () => {
    const b = await branchedThread();
    // a2 hangs under u2, which is not on the path now, and is not the reply last shown under it.
    expect((await showVersion(userId, b.threadId, b.a2)).shown).toEqual([b.u2, b.a2]);
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2, b.a2]);
    expect(await env.db.message.count({ where: { threadId: b.threadId } })).toBe(7);
  });

  it("refuses another person's thread, an unknown id and a running reply", async () => {
    const b = await branchedThread();
    await expect(showVersion(otherUserId, b.threadId, b.u2)).rejects.toMatchObject({ status: 404 });
    await expect(showVersion(userId, b.threadId, "nope")).rejects.toMatchObject({ status: 404 });
    await env.db.thread.update({ where: { id: b.threadId }, data: { turnHolder: b.a3, turnHeartbeatAt: new Date() } });
    await expect(showVersion(userId, b.threadId, b.u2)).rejects.toMatchObject({ status: 409, code: "turn_in_progress" });
    await env.db.thread.update({ where: { id: b.threadId }, data: { turnHolder: null, turnHeartbeatAt: null } });
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2e, b.a3]);
  });

  it("flips racing each other leave one whole branch on the path", async () => {
    const b = await branchedThread();
    await Promise.allSettled([
      showVersion(userId, b.threadId, b.u2),
      showVersion(userId, b.threadId, b.u2),
      showVersion(userId, b.threadId, b.u2e),
    ]);
    expect([
      [b.u1, b.a1, b.u2, b.a2r],
      [b.u1, b.a1, b.u2e, b.a3],
    ]).toContainEqual(await path(b.threadId));
    expect(await env.db.message.count({ where: { threadId: b.threadId } })).toBe(7);
  });

  it("a flip and a new message racing each other leave a whole path and lose nothing", async () => {
    const b = await branchedThread();
    const results = await Promise.allSettled([
      showVersion(userId, b.threadId, b.u2),
      completeTurn(userId, b.threadId, textStart("three")),
      showVersion(userId, b.threadId, b.a2),
    ]);
    // Whatever order the row lock gave them, each one either happened whole or was refused.
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
    const live = await env.db.message.findMany({ where: { threadId: b.threadId, deletedAt: null }, orderBy: { seq: "asc" } });
    expect(live.map((m) => m.role)).toEqual(live.map((_, i) => (i % 2 === 0 ? "user" : "assistant")));
    expect(live.slice(0, 2).map((m) => m.id)).toEqual([b.u1, b.a1]);
    // Every row off the path knows its parent, so every version can be shown again.
    const off = await env.db.message.findMany({ where: { threadId: b.threadId, deletedAt: { not: null } } });
    expect(off.every((m) => m.parentId !== null)).toBe(true);
    const sent = results[1].status === "fulfilled" ? 2 : 0;
    expect(await env.db.message.count({ where: { threadId: b.threadId } })).toBe(7 + sent);
  });

  it("the migration gives rows that left before it their parents", async () => {
    const b = await branchedThread();
    const recorded = await env.db.message.findMany({
      where: { threadId: b.threadId, deletedAt: { not: null } },
      select: { id: true, parentId: true },
    });
    // As a thread from before the tree was: off-path rows with no parent, then the migration's statement.
    await env.db.message.updateMany({ where: { threadId: b.threadId }, data: { parentId: null } });
    const sql = fs.readFileSync(
      `prisma/${target.name === "sqlite" ? "sqlite" : "postgres"}/migrations/20261206150000_message_branches/migration.sql`,
      "utf8",
    );
    const backfill = sql.slice(sql.indexOf("UPDATE"), sql.indexOf(";", sql.indexOf("UPDATE")));
    await env.db.$executeRawUnsafe(backfill);
    const backfilled = await env.db.message.findMany({
      where: { threadId: b.threadId, deletedAt: { not: null } },
      select: { id: true, parentId: true },
    });
    expect(backfilled.sort((x, y) => x.id.localeCompare(y.id))).toEqual(recorded.sort((x, y) => x.id.localeCompare(y.id)));
    expect(recorded.find((r) => r.id === b.a2)?.parentId).toBe(b.u2);
    expect(recorded.find((r) => r.id === b.u2)?.parentId).toBe(b.a1);
  });

  it("branches into a new chat with the shown path up to a message, the summary on it, and the workspace shared", async () => {
    const b = await branchedThread();
    await seedSummary(env.db, b.threadId, "Branch summary.", b.u2e);
    const made = await branchIntoNewChat(userId, b.threadId, b.a3, "shared");
    expect(made).toMatchObject({ messages: 4, summaryCarried: true });
    const copies = await env.db.message.findMany({ where: { threadId: made.id }, orderBy: { seq: "asc" } });
    const originals = await env.db.message.findMany({ where: { id: { in: [b.u1, b.a1, b.u2e, b.a3] } }, orderBy: { seq: "asc" } });
    expect(copies.map((m) => [m.seq, m.role, m.text])).toEqual(originals.map((m, i) => [i + 1, m.role, m.text]));
    const [source, branch] = await Promise.all([
      env.db.thread.findUniqueOrThrow({ where: { id: b.threadId } }),
      env.db.thread.findUniqueOrThrow({ where: { id: made.id } }),
    ]);
    expect(branch.workspaceId).toBe(source.workspaceId);
    // The carried summary is valid in the new chat (its cut is the copy of u2e), and the chat goes on.
    const inspected = await inspectContext(made.id, { includeInput: false });
    expect(inspected.summaryStale).toBe(false);
    expect(inspected.summary).toMatchObject({ text: "Branch summary.", cutMessageId: copies[2].id });
    const { outcome } = await completeTurn(userId, made.id, textStart("three"));
    expect(outcome.status).toBe("complete");
    expect(await path(made.id)).toHaveLength(6);
    // The original is untouched.
    expect(await path(b.threadId)).toEqual([b.u1, b.a1, b.u2e, b.a3]);
  });

  it("branches with a copy of the workspace that goes its own way; refuses another person and a version not shown", async () => {
    const b = await branchedThread();
    const source = await env.db.thread.findUniqueOrThrow({ where: { id: b.threadId } });
    await writeFile(source.workspaceId, { path: "plan.md", content: "v1", baseVersion: null, author: "person" });
    const made = await branchIntoNewChat(userId, b.threadId, b.a1, "copy");
    expect(made).toMatchObject({ messages: 2, summaryCarried: false });
    const branch = await env.db.thread.findUniqueOrThrow({ where: { id: made.id } });
    expect(branch.workspaceId).not.toBe(source.workspaceId);
    await writeFile(branch.workspaceId, { path: "plan.md", content: "v2 in the branch", baseVersion: 1, author: "person" });
    const [mine, theirs] = await Promise.all([
      env.db.workspaceFile.findFirstOrThrow({ where: { workspaceId: source.workspaceId, path: "plan.md" } }),
      env.db.workspaceFile.findFirstOrThrow({ where: { workspaceId: branch.workspaceId, path: "plan.md" } }),
    ]);
    expect([mine.content, theirs.content, theirs.version]).toEqual(["v1", "v2 in the branch", 2]);
    await expect(branchIntoNewChat(otherUserId, b.threadId, b.a1, "shared")).rejects.toMatchObject({ status: 404 });
    await expect(branchIntoNewChat(userId, b.threadId, b.a2, "shared")).rejects.toMatchObject({ status: 404 });
  });
});
