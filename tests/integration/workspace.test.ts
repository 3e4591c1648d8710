import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ToolSet } from "ai";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { AppError } from "@/lib/errors";
import { workspaceForThread } from "@/lib/workspace/access";
import { listVersions, readVersion, restoreVersion } from "@/lib/workspace/history";
import { deleteFile, listFiles, readFile, renameFile, writeFile } from "@/lib/workspace/store";
import { workspaceTools } from "@/lib/workspace/tools";
import { runWrite } from "@/lib/workspace/write-tx";
import * as filesRoute from "@/app/api/threads/[id]/files/route";
import * as fileRoute from "@/app/api/threads/[id]/files/[...path]/route";

// Route handlers read the caller from the session cookie; here the test decides who is calling.
const caller = vi.hoisted(() => ({ id: "" }));
vi.mock("@/lib/auth/session", () => ({ currentUserId: async () => caller.id }));

const MAX_BYTES = 1024;
const MAX_FILES = 6;

type ToolPart = { type: string; state?: string; input?: Record<string, unknown>; output?: Record<string, unknown> };

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error("expected a rejection");
}

function call(tools: ToolSet, name: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const execute = tools[name].execute as unknown as (i: unknown, o: unknown) => Promise<Record<string, unknown>>;
  return execute(input, { toolCallId: `call-${name}`, messages: [], context: {} });
}

describe.each(testDatabases())("workspace on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let otherUserId: string;
  const savedEnv = { bytes: process.env.MAX_FILE_BYTES, files: process.env.MAX_FILES_PER_WORKSPACE };

  beforeAll(async () => {
    process.env.MAX_FILE_BYTES = String(MAX_BYTES);
    process.env.MAX_FILES_PER_WORKSPACE = String(MAX_FILES);
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    otherUserId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const [k, v] of [
      ["MAX_FILE_BYTES", savedEnv.bytes],
      ["MAX_FILES_PER_WORKSPACE", savedEnv.files],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
    await env?.drop();
  });

  async function fresh() {
    const thread = await createThread(userId);
    return { threadId: thread.id, workspaceId: await workspaceForThread(userId, thread.id) };
  }

  async function assistantToolParts(threadId: string): Promise<{ id: string; parts: ToolPart[] }> {
    const msg = await env.db.message.findFirstOrThrow({
      where: { threadId, role: "assistant", deletedAt: null },
      orderBy: { seq: "desc" },
    });
    const parts = (JSON.parse(msg.parts) as ToolPart[]).filter((p) => p.type.startsWith("tool-"));
    return { id: msg.id, parts };
  }

  describe("store", () => {
    it("creates, reads, replaces and lists files with a version history", async () => {
      const { workspaceId } = await fresh();
      const v1 = await writeFile(workspaceId, { path: "plans/migration.md", content: "- [ ] a", baseVersion: null, author: "person" });
      expect(v1).toMatchObject({ path: "plans/migration.md", version: 1, size: 7, lastAuthor: "person" });
      const v2 = await writeFile(workspaceId, {
        path: "plans/migration.md",
        content: "- [x] a",
        baseVersion: 1,
        author: "agent",
        messageId: "msg_1",
      });
      expect(v2.version).toBe(2);
      await writeFile(workspaceId, { path: "a.md", content: "héllo", baseVersion: null, author: "person" });

      expect(await readFile(workspaceId, "plans/migration.md")).toMatchObject({ content: "- [x] a", version: 2, lastAuthor: "agent" });
      const files = await listFiles(workspaceId);
      expect(files.map((f) => [f.path, f.version, f.size, f.lastAuthor])).toEqual([
        ["a.md", 1, 6, "person"],
        ["plans/migration.md", 2, 7, "agent"],
      ]);
      expect(files[0].updatedAt).toBeInstanceOf(Date);

      const versions = await listVersions(workspaceId, "plans/migration.md");
      expect(versions.map((v) => [v.version, v.author, v.messageId, v.deleted])).toEqual([
        [2, "agent", "msg_1", false],
        [1, "person", null, false],
      ]);
      expect((await readVersion(workspaceId, "plans/migration.md", 1)).content).toBe("- [ ] a");
      expect((await rejection(readVersion(workspaceId, "plans/migration.md", 9))).status).toBe(404);
      expect((await rejection(readFile(workspaceId, "nope.md"))).status).toBe(404);
      expect((await rejection(listVersions(workspaceId, "nope.md"))).status).toBe(404);
      expect((await rejection(readFile(workspaceId, "../etc/passwd"))).code).toBe("invalid_path");
    });

    it("answers a stale baseVersion, a create over an existing file and a versioned write to nothing", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "n.md", content: "1", baseVersion: null, author: "person" });
      await writeFile(workspaceId, { path: "n.md", content: "2", baseVersion: 1, author: "person" });
      const stale = await rejection(writeFile(workspaceId, { path: "n.md", content: "x", baseVersion: 1, author: "agent" }));
      expect(stale).toMatchObject({ code: "conflict", status: 409, details: { currentVersion: 2, lastAuthor: "person" } });
      const dup = await rejection(writeFile(workspaceId, { path: "n.md", content: "x", baseVersion: null, author: "person" }));
      expect(dup).toMatchObject({ code: "conflict", details: { currentVersion: 2, lastAuthor: "person" } });
      expect(dup.message).toMatch(/already exists/);
      expect((await rejection(writeFile(workspaceId, { path: "ghost.md", content: "x", baseVersion: 3, author: "person" }))).status).toBe(
        404,
      );
      expect((await readFile(workspaceId, "n.md")).content).toBe("2");
      expect(await env.db.fileVersion.count({ where: { workspaceId, path: "n.md" } })).toBe(2);
    });

    it("deletes, keeps history, and re-creating continues the version numbers", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "d.md", content: "one", baseVersion: null, author: "person" });
      await writeFile(workspaceId, { path: "d.md", content: "two", baseVersion: 1, author: "person" });
      expect((await rejection(deleteFile(workspaceId, "d.md", { baseVersion: 1 }))).details).toMatchObject({ currentVersion: 2 });
      expect(await deleteFile(workspaceId, "d.md", { baseVersion: 2 })).toEqual({ path: "d.md", version: 3 });
      expect((await rejection(readFile(workspaceId, "d.md"))).status).toBe(404);
      expect((await rejection(deleteFile(workspaceId, "d.md"))).status).toBe(404);
      expect(await listFiles(workspaceId)).toEqual([]);
      // A write based on the old version now conflicts: the file is gone.
      expect(
        (await rejection(writeFile(workspaceId, { path: "d.md", content: "x", baseVersion: 2, author: "agent" }))).details,
      ).toMatchObject({ deleted: true, currentVersion: 3 });

      const again = await writeFile(workspaceId, { path: "d.md", content: "three", baseVersion: null, author: "agent", messageId: "m" });
      expect(again.version).toBe(4);
      const history = await listVersions(workspaceId, "d.md");
      expect(history.map((v) => [v.version, v.deleted])).toEqual([
        [4, false],
        [3, true],
        [2, false],
        [1, false],
      ]);
      expect((await readVersion(workspaceId, "d.md", 3)).content).toBeNull();
      expect((await listVersions(workspaceId, "d.md", { limit: 2, before: 3 })).map((v) => v.version)).toEqual([2, 1]);
      expect(await deleteFile(workspaceId, "d.md")).toEqual({ path: "d.md", version: 5 }); // no base: whatever is current
    });

    it("caps file size in UTF-8 bytes (413) and file count (422)", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "max.md", content: "a".repeat(MAX_BYTES), baseVersion: null, author: "person" });
      const big = await rejection(
        writeFile(workspaceId, { path: "big.md", content: "a".repeat(MAX_BYTES + 1), baseVersion: null, author: "person" }),
      );
      expect(big).toMatchObject({ code: "too_large", status: 413 });
      // 600 characters, 1200 bytes.
      expect(
        (await rejection(writeFile(workspaceId, { path: "max.md", content: "é".repeat(600), baseVersion: 1, author: "person" }))).status,
      ).toBe(413);
      expect((await readFile(workspaceId, "max.md")).version).toBe(1);

      for (let i = 1; i < MAX_FILES; i++)
        await writeFile(workspaceId, { path: `f${i}.md`, content: "x", baseVersion: null, author: "person" });
      const full = await rejection(writeFile(workspaceId, { path: "one-more.md", content: "x", baseVersion: null, author: "person" }));
      expect(full).toMatchObject({ code: "limit_reached", status: 422 });
      // Updating an existing file is fine at the cap; deleting makes room.
      await writeFile(workspaceId, { path: "f1.md", content: "y", baseVersion: 1, author: "person" });
      await deleteFile(workspaceId, "f1.md");
      await writeFile(workspaceId, { path: "one-more.md", content: "x", baseVersion: null, author: "person" });
      // Re-creating a deleted file counts too.
      expect((await rejection(writeFile(workspaceId, { path: "f1.md", content: "x", baseVersion: null, author: "person" }))).status).toBe(
        422,
      );
    });

    it("keeps the file-count cap under concurrent creates", async () => {
      const { workspaceId } = await fresh();
      for (let i = 1; i < MAX_FILES; i++)
        await writeFile(workspaceId, { path: `f${i}.md`, content: "x", baseVersion: null, author: "person" });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          writeFile(workspaceId, { path: `race${i}.md`, content: "x", baseVersion: null, author: "person" }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "limit_reached" });
      expect(await listFiles(workspaceId)).toHaveLength(MAX_FILES);
    });

    it("renames in one transaction", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "a.md", content: "A", baseVersion: null, author: "agent" });
      await writeFile(workspaceId, { path: "taken.md", content: "T", baseVersion: null, author: "person" });
      const blocked = await rejection(renameFile(workspaceId, "a.md", "taken.md"));
      expect(blocked).toMatchObject({ code: "conflict" });
      expect((await readFile(workspaceId, "a.md")).version).toBe(1); // rolled back: a.md still there
      expect((await rejection(renameFile(workspaceId, "a.md", "b.md", { baseVersion: 7 }))).code).toBe("conflict");
      expect((await rejection(renameFile(workspaceId, "a.md", "a.md"))).code).toBe("invalid_path");
      expect((await rejection(renameFile(workspaceId, "zz.md", "b.md"))).status).toBe(404);

      const moved = await renameFile(workspaceId, "a.md", "notes/b.md", { baseVersion: 1 });
      expect(moved).toMatchObject({ path: "notes/b.md", version: 1, lastAuthor: "person" });
      expect((await readFile(workspaceId, "notes/b.md")).content).toBe("A");
      expect((await rejection(readFile(workspaceId, "a.md"))).status).toBe(404);
      expect((await listVersions(workspaceId, "a.md"))[0]).toMatchObject({ version: 2, deleted: true, author: "person" });
      expect((await listFiles(workspaceId)).map((f) => f.path)).toEqual(["notes/b.md", "taken.md"]);
    });

    it("restores an old version as a new version by the person", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "r.md", content: "first", baseVersion: null, author: "person" });
      await writeFile(workspaceId, { path: "r.md", content: "second", baseVersion: 1, author: "agent", messageId: "m1" });
      const restored = await restoreVersion(workspaceId, "r.md", 1);
      expect(restored).toMatchObject({ version: 3, lastAuthor: "person" });
      expect((await readFile(workspaceId, "r.md")).content).toBe("first");
      expect((await rejection(restoreVersion(workspaceId, "r.md", 2, { baseVersion: 2 }))).details).toMatchObject({ currentVersion: 3 });
      await deleteFile(workspaceId, "r.md");
      expect((await rejection(restoreVersion(workspaceId, "r.md", 4))).status).toBe(400); // a deletion
      expect((await rejection(restoreVersion(workspaceId, "r.md", 99))).status).toBe(404);
      const back = await restoreVersion(workspaceId, "r.md", 2);
      expect(back.version).toBe(5);
      expect((await readFile(workspaceId, "r.md")).content).toBe("second");
      expect((await listVersions(workspaceId, "r.md")).map((v) => v.author)).toEqual(["person", "person", "person", "agent", "person"]);
    });

    it("lets exactly one of 10 concurrent writes with the same baseVersion win", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "hot.md", content: "v1", baseVersion: null, author: "person" });
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          writeFile(workspaceId, { path: "hot.md", content: `writer ${i}`, baseVersion: 1, author: i % 2 ? "agent" : "person" }),
        ),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      for (const r of results)
        if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict", details: { currentVersion: 2 } });
      const file = await readFile(workspaceId, "hot.md");
      expect(file.version).toBe(2);
      expect(file.content).toBe((await readVersion(workspaceId, "hot.md", 2)).content);
      expect(await env.db.fileVersion.count({ where: { workspaceId, path: "hot.md" } })).toBe(2);
    });

    it("turns a lost unique-index race into a conflict, on either database", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "u.md", content: "x", baseVersion: null, author: "person" });
      const err = await rejection(
        runWrite(workspaceId, "u.md", (tx) =>
          tx.workspaceFile.create({ data: { workspaceId, path: "u.md", content: "y", size: 1, version: 1, lastAuthor: "agent" } }),
        ),
      );
      expect(err).toMatchObject({ code: "conflict", details: { currentVersion: 1, lastAuthor: "person" } });
    });

    it("lets exactly one of 10 concurrent creates of the same path win", async () => {
      const { workspaceId } = await fresh();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          writeFile(workspaceId, { path: "new.md", content: `creator ${i}`, baseVersion: null, author: "person" }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results)
        if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict", details: { currentVersion: 1 } });
      expect(await env.db.fileVersion.count({ where: { workspaceId, path: "new.md" } })).toBe(1);
    });
  });

  describe("http routes", () => {
    const base = "http://test/api/threads";
    const ctx = (id: string, path: string[]) => ({ params: Promise.resolve({ id, path }) });
    const json = (method: string, body: unknown) => ({
      method,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });

    it("serves list, read, write, history, restore, rename and delete to the owner only", async () => {
      const { threadId } = await fresh();
      caller.id = userId;
      const put = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/plans/m.md`, json("PUT", { content: "- [ ] a", baseVersion: null })),
        ctx(threadId, ["plans", "m.md"]),
      );
      expect(put.status).toBe(201);
      expect((await put.json()).file).toMatchObject({ path: "plans/m.md", version: 1, lastAuthor: "person" });

      const stale = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/plans/m.md`, json("PUT", { content: "x", baseVersion: 5 })),
        ctx(threadId, ["plans", "m.md"]),
      );
      expect(stale.status).toBe(409);
      expect((await stale.json()).error).toMatchObject({ code: "conflict", currentVersion: 1, lastAuthor: "person" });
      const bad = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/x`, json("PUT", { content: "x" })),
        ctx(threadId, ["..", "x"]),
      );
      expect(bad.status).toBe(400);
      const traversal = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/x`, json("PUT", { content: "x", baseVersion: null })),
        ctx(threadId, ["..", "x"]),
      );
      expect((await traversal.json()).error.code).toBe("invalid_path");
      const huge = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/h.md`, json("PUT", { content: "x".repeat(MAX_BYTES + 1), baseVersion: null })),
        ctx(threadId, ["h.md"]),
      );
      expect(huge.status).toBe(413);

      const updated = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/plans/m.md`, json("PUT", { content: "- [x] a", baseVersion: 1 })),
        ctx(threadId, ["plans", "m.md"]),
      );
      expect(updated.status).toBe(200);

      const list = await filesRoute.GET(new Request(`${base}/${threadId}/files`), { params: Promise.resolve({ id: threadId }) });
      expect((await list.json()).files).toMatchObject([{ path: "plans/m.md", version: 2 }]);
      const read = await fileRoute.GET(new Request(`${base}/${threadId}/files/plans/m.md`), ctx(threadId, ["plans", "m.md"]));
      expect((await read.json()).file).toMatchObject({ content: "- [x] a", version: 2 });
      const old = await fileRoute.GET(new Request(`${base}/${threadId}/files/plans/m.md?version=1`), ctx(threadId, ["plans", "m.md"]));
      expect((await old.json()).version).toMatchObject({ version: 1, content: "- [ ] a", deleted: false });
      const history = await fileRoute.GET(
        new Request(`${base}/${threadId}/files/plans/m.md/versions`),
        ctx(threadId, ["plans", "m.md", "versions"]),
      );
      expect((await history.json()).versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

      const restored = await fileRoute.POST(
        new Request(`${base}/${threadId}/files/plans/m.md/restore`, json("POST", { version: 1 })),
        ctx(threadId, ["plans", "m.md", "restore"]),
      );
      expect((await restored.json()).file).toMatchObject({ version: 3 });
      const renamed = await fileRoute.POST(
        new Request(`${base}/${threadId}/files/plans/m.md?action=rename`, json("POST", { to: "done.md" })),
        ctx(threadId, ["plans", "m.md"]),
      );
      expect((await renamed.json()).file).toMatchObject({ path: "done.md", version: 1, lastAuthor: "person" });

      const staleDelete = await fileRoute.DELETE(
        new Request(`${base}/${threadId}/files/done.md?baseVersion=9`, { method: "DELETE" }),
        ctx(threadId, ["done.md"]),
      );
      expect(staleDelete.status).toBe(409);
      const del = await fileRoute.DELETE(
        new Request(`${base}/${threadId}/files/done.md?baseVersion=1`, { method: "DELETE" }),
        ctx(threadId, ["done.md"]),
      );
      expect(del.status).toBe(204);
      const gone = await fileRoute.GET(new Request(`${base}/${threadId}/files/done.md`), ctx(threadId, ["done.md"]));
      expect(gone.status).toBe(404);

      caller.id = otherUserId;
      const theirs = await filesRoute.GET(new Request(`${base}/${threadId}/files`), { params: Promise.resolve({ id: threadId }) });
      expect(theirs.status).toBe(404);
      const write = await fileRoute.PUT(
        new Request(`${base}/${threadId}/files/x.md`, json("PUT", { content: "x", baseVersion: null })),
        ctx(threadId, ["x.md"]),
      );
      expect(write.status).toBe(404);
    });
  });

  describe("ownership", () => {
    it("hides another user's thread files behind a 404", async () => {
      const { threadId, workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "secret.md", content: "s", baseVersion: null, author: "person" });
      expect((await rejection(workspaceForThread(otherUserId, threadId))).status).toBe(404);
      expect((await rejection(workspaceForThread(userId, "no-such-thread"))).status).toBe(404);
    });

    it("keys files by workspace, so threads sharing one see the same files", async () => {
      const { workspaceId } = await fresh();
      const sibling = await env.db.thread.create({ data: { userId, workspaceId } });
      await writeFile(workspaceId, { path: "routine/notes.md", content: "skip newsletters", baseVersion: null, author: "agent" });
      const shared = await workspaceForThread(userId, sibling.id);
      expect(shared).toBe(workspaceId);
      expect((await readFile(shared, "routine/notes.md")).content).toBe("skip newsletters");
    });
  });

  describe("agent tools", () => {
    it("writes a file in a real turn as the agent, tagged with the assistant message", async () => {
      const { threadId, workspaceId } = await fresh();
      const { outcome } = await completeTurn(userId, threadId, textStart("write migration.md\n```\n- [ ] a\n```"));
      expect(outcome.status).toBe("complete");
      const file = await readFile(workspaceId, "migration.md");
      expect(file).toMatchObject({ content: "- [ ] a", version: 1, lastAuthor: "agent" });
      const { id, parts } = await assistantToolParts(threadId);
      expect(parts[0]).toMatchObject({ type: "tool-write_file", output: { ok: true, path: "migration.md", version: 1, created: true } });
      const [version] = await listVersions(workspaceId, "migration.md");
      expect(version).toMatchObject({ author: "agent", messageId: id });
    });

    it("refuses a blind write after the person edited, and writes after reading in the same turn", async () => {
      const { threadId, workspaceId } = await fresh();
      await completeTurn(userId, threadId, textStart("write migration.md\n```\n- [ ] a\n```"));
      await writeFile(workspaceId, { path: "migration.md", content: "- [ ] a\n- [ ] b (person)", baseVersion: 1, author: "person" });

      await completeTurn(userId, threadId, textStart("write migration.md\n```\n- [x] a\n```"));
      let { parts } = await assistantToolParts(threadId);
      expect(parts[0].output).toMatchObject({ ok: false, error: "conflict", reason: "not_read", currentVersion: 2, lastAuthor: "person" });
      expect(String(parts[0].output?.message)).toMatch(
        /migration\.md already exists \(version 2 by person\) and you have not read it in this turn/,
      );
      expect(await readFile(workspaceId, "migration.md")).toMatchObject({ version: 2, content: "- [ ] a\n- [ ] b (person)" });

      await completeTurn(userId, threadId, textStart("read migration.md\nwrite migration.md\n```\n- [x] a\n- [ ] b (person)\n```"));
      ({ parts } = await assistantToolParts(threadId));
      expect(parts.map((p) => p.output?.ok)).toEqual([true, true]);
      expect(parts[0].output).toMatchObject({ path: "migration.md", version: 2, content: "- [ ] a\n- [ ] b (person)" });
      expect(await readFile(workspaceId, "migration.md")).toMatchObject({
        version: 3,
        lastAuthor: "agent",
        content: "- [x] a\n- [ ] b (person)",
      });
    });

    it("reports a change since the agent's read with the new version and author", async () => {
      const { workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "plan.md", content: "v1", baseVersion: null, author: "agent" });
      const tools = workspaceTools({ workspaceId, assistantMessageId: "msg_direct" });
      expect(await call(tools, "read_file", { path: "plan.md" })).toMatchObject({ ok: true, version: 1, content: "v1" });
      await writeFile(workspaceId, { path: "plan.md", content: "person v2", baseVersion: 1, author: "person" });
      const result = await call(tools, "write_file", { path: "plan.md", content: "agent" });
      expect(result).toEqual({
        ok: false,
        error: "conflict",
        reason: "changed",
        path: "plan.md",
        currentVersion: 2,
        lastAuthor: "person",
        message: "plan.md changed since you read it (now version 2 by person). Read it again before writing.",
      });
      expect(await call(tools, "read_file", { path: "plan.md", startLine: 1, endLine: 1 })).toMatchObject({
        ok: true,
        version: 2,
        content: "person v2",
        totalLines: 1,
      });
      expect(await call(tools, "write_file", { path: "plan.md", content: "agent v3" })).toEqual({
        ok: true,
        path: "plan.md",
        version: 3,
        size: 8,
        created: false,
      });
      // Its own write counts as seen: it can write again in the same turn.
      expect(await call(tools, "write_file", { path: "plan.md", content: "agent v4" })).toMatchObject({ ok: true, version: 4 });
      expect((await listVersions(workspaceId, "plan.md"))[0]).toMatchObject({ author: "agent", messageId: "msg_direct" });
      // A partial read does not let the agent replace lines it never saw.
      await writeFile(workspaceId, { path: "plan.md", content: "line one\nline two by person", baseVersion: 4, author: "person" });
      expect(await call(tools, "read_file", { path: "plan.md", startLine: 1, endLine: 1 })).toMatchObject({
        ok: true,
        version: 5,
        content: "line one",
      });
      expect(await call(tools, "write_file", { path: "plan.md", content: "agent v6" })).toMatchObject({
        ok: false,
        error: "conflict",
        currentVersion: 5,
      });
      expect(await call(tools, "read_file", { path: "plan.md" })).toMatchObject({ ok: true, version: 5 });
      expect(await call(tools, "write_file", { path: "plan.md", content: "agent v6" })).toMatchObject({ ok: true, version: 6 });
      // Expected failures are results, never throws.
      expect(await call(tools, "read_file", { path: "/etc/passwd" })).toMatchObject({ ok: false, error: "invalid_path" });
      expect(await call(tools, "read_file", { path: "missing.md" })).toMatchObject({ ok: false, error: "not_found" });
      expect(await call(tools, "write_file", { path: "big.md", content: "x".repeat(MAX_BYTES + 1) })).toMatchObject({
        ok: false,
        error: "too_large",
      });
      expect(await call(tools, "list_files", {})).toMatchObject({
        ok: true,
        count: 1,
        files: [{ path: "plan.md", version: 6, lastAuthor: "agent" }],
      });
    });

    it("edits exact text and explains missing or repeated text", async () => {
      const { threadId, workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "m.md", content: "- [ ] a\n- [ ] b\n- [ ] b", baseVersion: null, author: "person" });
      await completeTurn(userId, threadId, textStart("edit m.md\n```\n- [ ] a\n```\n```\n- [x] a\n```"));
      let { parts } = await assistantToolParts(threadId);
      expect(parts[0]).toMatchObject({ type: "tool-edit_file", output: { ok: true, path: "m.md", version: 2 } });
      expect(await readFile(workspaceId, "m.md")).toMatchObject({ content: "- [x] a\n- [ ] b\n- [ ] b", lastAuthor: "agent" });

      await completeTurn(userId, threadId, textStart("edit m.md\n```\n- [ ] zzz\n```\n```\nx\n```"));
      ({ parts } = await assistantToolParts(threadId));
      expect(parts[0].output).toMatchObject({ ok: false, error: "no_match", matches: 0 });
      expect(String(parts[0].output?.message)).toMatch(/not found in m\.md/);

      await completeTurn(userId, threadId, textStart("edit m.md\n```\n- [ ] b\n```\n```\n- [x] b\n```"));
      ({ parts } = await assistantToolParts(threadId));
      expect(parts[0].output).toMatchObject({ ok: false, error: "not_unique", matches: 2 });
      expect(String(parts[0].output?.message)).toMatch(/occurs 2 times in m\.md/);
      expect((await readFile(workspaceId, "m.md")).version).toBe(2);

      const tools = workspaceTools({ workspaceId, assistantMessageId: "x" });
      expect(await call(tools, "edit_file", { path: "nope.md", oldText: "a", newText: "b" })).toMatchObject({
        ok: false,
        error: "not_found",
      });
      expect(await call(tools, "edit_file", { path: "m.md", oldText: "", newText: "b" })).toMatchObject({
        ok: false,
        error: "invalid_input",
      });
    });

    it("deletes only what the agent read in this turn, and lists files", async () => {
      const { threadId, workspaceId } = await fresh();
      await writeFile(workspaceId, { path: "old.md", content: "bye", baseVersion: null, author: "person" });
      await completeTurn(userId, threadId, textStart("delete old.md"));
      let { parts } = await assistantToolParts(threadId);
      expect(parts[0].output).toMatchObject({ ok: false, error: "conflict" });
      expect((await readFile(workspaceId, "old.md")).version).toBe(1);

      await completeTurn(userId, threadId, textStart("read old.md\ndelete old.md\nlist files"));
      ({ parts } = await assistantToolParts(threadId));
      expect(parts.map((p) => p.type)).toEqual(["tool-read_file", "tool-delete_file", "tool-list_files"]);
      expect(parts[1].output).toEqual({ ok: true, path: "old.md", version: 2, deleted: true });
      expect(parts[2].output).toMatchObject({ ok: true, count: 0, files: [] });
      expect((await listVersions(workspaceId, "old.md"))[0]).toMatchObject({ deleted: true, author: "agent" });
    });
  });
});
