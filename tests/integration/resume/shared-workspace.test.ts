import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ToolSet } from "ai";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { completeTurn, textStart } from "../support/turns";
import { actionTools, type ToolContext } from "@/lib/email/tools";
import { createThread } from "@/lib/db/threads";
import { listFiles } from "@/lib/workspace/store";
import * as threadsRoute from "@/app/api/threads/route";
import * as workspaceThreadsRoute from "@/app/api/threads/[id]/workspace-threads/route";
import * as actionsRoute from "@/app/api/threads/[id]/actions/route";
import * as resumeRoute from "@/app/api/threads/[id]/resume/route";

const caller = vi.hoisted(() => ({ id: "" }));
vi.mock("@/lib/auth/session", () => ({ currentUserId: async () => caller.id }));

const base = "http://test.local/api/threads";
const post = (body: unknown) => {
  const text = JSON.stringify(body);
  const headers = { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) };
  return threadsRoute.POST(new Request(base, { method: "POST", headers, body: text }), { params: Promise.resolve({}) });
};
const params = (id: string) => ({ params: Promise.resolve({ id }) });

function call(tools: ToolSet, name: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const execute = tools[name].execute as unknown as (i: unknown, o: unknown) => Promise<Record<string, unknown>>;
  return execute(input, { toolCallId: `call-${name}`, messages: [], context: {} });
}

const EMAIL = ["email me@example.com", "subject: Status", "```", "All **green**.", "```"].join("\n");

// "Continue in a new chat": a thread created with workspaceOf shares the files and the action
// scope of the thread it continues, so it sees (and does not repeat) what the first one did.
describe.each(testDatabases())("continuing a thread in a new chat on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let otherId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    otherId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  it("POST /api/threads {workspaceOf} creates a thread on the same workspace; another user's thread is a 404", async () => {
    caller.id = userId;
    const first = await createThread(userId);
    const res = await post({ workspaceOf: first.id });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const second = await env.db.thread.findUniqueOrThrow({ where: { id } });
    expect(second.workspaceId).toBe(first.workspaceId);
    expect(second.id).not.toBe(first.id);

    const plain = (await (await post({})).json()) as { id: string };
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: plain.id } })).workspaceId).not.toBe(first.workspaceId);

    const listed = (await (await workspaceThreadsRoute.GET(new Request(`${base}/${id}/workspace-threads`), params(id))).json()) as {
      threads: { id: string }[];
    };
    expect(listed.threads.map((t) => t.id)).toEqual([first.id, id]);

    caller.id = otherId;
    const stranger = await post({ workspaceOf: first.id });
    expect(stranger.status).toBe(404);
    expect(await env.db.thread.count({ where: { userId: otherId } })).toBe(0);
    expect((await workspaceThreadsRoute.GET(new Request(`${base}/${id}/workspace-threads`), params(id))).status).toBe(404);

    caller.id = userId;
    const bad = await post({ workspaceOf: "../x" });
    expect(bad.status).toBe(400);
    await env.db.thread.update({ where: { id: first.id }, data: { deletedAt: new Date() } });
    expect((await post({ workspaceOf: first.id })).status).toBe(404);
  });

  it("the new thread sees the first thread's files and sends; a reused intent key is deduplicated across them", async () => {
    caller.id = userId;
    const first = await createThread(userId);
    await completeTurn(userId, first.id, textStart(["write notes.md", "```", "- [x] one", "```", "", EMAIL].join("\n")));
    const second = await createThread(userId, undefined, { workspaceOf: first.id });
    expect((await listFiles(second.workspaceId)).map((f) => f.path)).toEqual(["notes.md"]);

    const ctx = (threadId: string): ToolContext => ({
      userId,
      threadId,
      workspaceId: first.workspaceId,
      assistantMessageId: `a_${threadId}`,
      answeredMessageId: null,
      runId: "run_shared",
    });
    // The proposed first message: the first thread's first user message, and the plan file.
    await completeTurn(userId, first.id, textStart("write migration.md\n```\n- [ ] `a.ts` (`f`)\n```"));
    const draft = (await (await resumeRoute.GET(new Request(`${base}/${first.id}/resume`), params(first.id))).json()) as {
      goal: string;
      planFiles: string[];
      message: string;
    };
    expect(draft.goal.startsWith("write notes.md")).toBe(true);
    expect(draft.planFiles).toEqual(["migration.md", "notes.md"]);
    expect(draft.message.startsWith(draft.goal)).toBe(true);
    caller.id = otherId;
    expect((await resumeRoute.GET(new Request(`${base}/${first.id}/resume`), params(first.id))).status).toBe(404);
    caller.id = userId;

    const listed = (await call(actionTools(ctx(second.id)), "list_actions", {})) as { actions: Record<string, unknown>[] };
    expect(listed.actions).toHaveLength(1);
    expect(listed.actions[0]).toMatchObject({ status: "succeeded", to: "me@example.com", subject: "Status", fromThisConversation: false });

    const viaApi = (await (await actionsRoute.GET(new Request(`${base}/${second.id}/actions`), params(second.id))).json()) as {
      actions: { threadId: string }[];
    };
    expect(viaApi.actions.map((a) => a.threadId)).toEqual([first.id]);

    // The same key in both threads (a routine run's key names the run, not the thread).
    const send = { to: "me@example.com", subject: "Run report", body: "done" };
    expect(await call(actionTools(ctx(first.id)), "send_email", send)).toMatchObject({ state: "sent", deduplicated: false });
    expect(await call(actionTools(ctx(second.id)), "send_email", send)).toMatchObject({ state: "sent", deduplicated: true });
    expect(await env.db.outboxMessage.count({ where: { subject: "Run report" } })).toBe(1);
    expect(await env.db.outboxMessage.count({ where: { scope: `workspace:${first.workspaceId}` } })).toBe(2);
  });
});
