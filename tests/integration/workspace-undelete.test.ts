import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { createThread } from "@/lib/db/threads";
import { workspaceForThread } from "@/lib/workspace/access";
import { listVersions } from "@/lib/workspace/history";
import { deleteFile, readFile, writeFile } from "@/lib/workspace/store";
import { listDeletedFiles, undeleteFile } from "@/lib/workspace/undelete";
import * as filesRoute from "@/app/api/threads/[id]/files/route";
import * as fileRoute from "@/app/api/threads/[id]/files/[...path]/route";

const caller = vi.hoisted(() => ({ id: "" }));
vi.mock("@/lib/auth/session", () => ({ currentUserId: async () => caller.id }));

const ORIGIN = "http://127.0.0.1:3000";
const headers = { host: "127.0.0.1:3000", origin: ORIGIN, "content-type": "application/json" };

// A deleted file is listed as deleted and comes back from its history: the last content before the
// deletion becomes a new version, once, only for the deletion the person saw.
describe.each(testDatabases())("restoring deleted files on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  async function deletedPlan() {
    const thread = await createThread(userId);
    const ws = await workspaceForThread(userId, thread.id);
    await writeFile(ws, { path: "plan.md", content: "draft", baseVersion: null, author: "agent" });
    await writeFile(ws, { path: "plan.md", content: "final plan", baseVersion: 1, author: "person" });
    await deleteFile(ws, "plan.md", { baseVersion: 2, author: "agent" });
    return { thread, ws };
  }

  it("lists the deletion and restores the last content before it as a new version", async () => {
    const { ws } = await deletedPlan();
    await writeFile(ws, { path: "kept.md", content: "live", baseVersion: null, author: "agent" });
    expect(await listDeletedFiles(ws)).toMatchObject([{ path: "plan.md", version: 3, deletedBy: "agent" }]);

    const { file, restoredVersion } = await undeleteFile(ws, "plan.md", 3);
    expect(restoredVersion).toBe(2);
    expect(file).toMatchObject({ path: "plan.md", version: 4, lastAuthor: "person" });
    expect((await readFile(ws, "plan.md")).content).toBe("final plan");
    expect((await listVersions(ws, "plan.md")).map((v) => [v.version, v.deleted])).toEqual([
      [4, false],
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(await listDeletedFiles(ws)).toEqual([]);
  });

  it("refuses a deletion the person did not see, a live file and an unknown path", async () => {
    const { ws } = await deletedPlan();
    await expect(undeleteFile(ws, "plan.md", 2)).rejects.toMatchObject({ status: 409, code: "conflict" });
    await undeleteFile(ws, "plan.md", 3);
    await expect(undeleteFile(ws, "plan.md", 3)).rejects.toMatchObject({ status: 409, details: { deleted: false, currentVersion: 4 } });
    await expect(undeleteFile(ws, "nope.md", 1)).rejects.toMatchObject({ status: 404 });
    expect((await readFile(ws, "plan.md")).version).toBe(4);
  });

  it("of two restores at once exactly one applies", async () => {
    const { ws } = await deletedPlan();
    const results = await Promise.allSettled([undeleteFile(ws, "plan.md", 3), undeleteFile(ws, "plan.md", 3)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    expect((await listVersions(ws, "plan.md")).length).toBe(4);
  });

  it("answers over HTTP for the owner only, and validates the body and the query", async () => {
    const { thread } = await deletedPlan();
    const other = (await env.db.user.create({ data: {} })).id;
    const list = (id: string, query = "?deleted=1") =>
      filesRoute.GET(new Request(`${ORIGIN}/api/threads/${id}/files${query}`, { headers }), { params: Promise.resolve({ id }) });
    const undelete = (id: string, body: unknown) =>
      fileRoute.POST(
        new Request(`${ORIGIN}/api/threads/${id}/files/plan.md?action=undelete`, { method: "POST", headers, body: JSON.stringify(body) }),
        { params: Promise.resolve({ id, path: ["plan.md"] }) },
      );

    caller.id = other;
    expect((await list(thread.id)).status).toBe(404);
    expect((await undelete(thread.id, { deletedVersion: 3 })).status).toBe(404);

    caller.id = userId;
    expect((await list(thread.id, "?deleted=yes")).status).toBe(400);
    const listed = (await (await list(thread.id)).json()) as { deleted: { path: string; version: number }[] };
    expect(listed.deleted.map((d) => [d.path, d.version])).toEqual([["plan.md", 3]]);
    for (const bad of [{}, { deletedVersion: 0 }, { deletedVersion: "3" }, { deletedVersion: 3, extra: 1 }]) {
      expect((await undelete(thread.id, bad)).status).toBe(400);
    }
    const res = await undelete(thread.id, { deletedVersion: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ file: { path: "plan.md", version: 4 }, restoredVersion: 2 });
  });
});
