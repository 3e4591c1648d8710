import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt, seedConversation, seedSummary } from "./support/seed";
import { callRoute, type Jar } from "./security/support";
import { resetConfigForTests } from "@/tests/support/config";
import { inspectContext } from "@/lib/chat/inspect";
import { showVersion } from "@/lib/chat/show-version";
import { readTranscriptPage } from "@/lib/chat/transcript-page";
import { pinMessage } from "@/lib/pins/pins";
import { writeFile } from "@/lib/workspace/store";
import * as threadsRoute from "@/app/api/threads/route";
import * as exportRoute from "@/app/api/threads/[id]/export/route";
import * as accountExportRoute from "@/app/api/account/export/route";
import * as importRoute from "@/app/api/import/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));

type Doc = {
  format: string;
  version: number;
  workspaces: Array<{ id: string; files: Array<{ path: string; content: string; version: number }>; versions: unknown[] }>;
  threads: Array<{
    id: string;
    workspaceId: string;
    messages: Array<{ id: string; seq: number; role: string; text: string; pinnedAt: string | null }>;
    summaries: Array<{ id: string; text: string; cutMessageId: string }>;
    compactions: unknown[];
  }>;
};

/** A multipart body with one `file`, framed by the platform's own FormData encoder, as a browser's. */
async function multipart(content: string | Uint8Array, name = "export.json") {
  const form = new FormData();
  form.append("file", new Blob([typeof content === "string" ? content : Uint8Array.from(content)], { type: "application/json" }), name);
  const framed = new Response(form);
  return { body: new Uint8Array(await framed.arrayBuffer()), contentType: framed.headers.get("content-type")! };
}

async function postImport(content: string | Uint8Array) {
  const { body, contentType } = await multipart(content);
  return callRoute(importRoute, { method: "POST", url: "/api/import", headers: { "content-type": contentType }, body });
}

// Export (Markdown and JSON) and re-import of our own export: a new thread with fresh ids that
// continues with the same summary, pins and workspace; refusals write nothing; a repeat is found.
describe.each(testDatabases())("export and import on $name", (target) => {
  let env: Provisioned;
  const saved = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, { OFFLINE_DELAY_MS: "0", MAX_IMPORT_BYTES: String(2 * 1024 * 1024) });
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await env?.drop();
  });

  /** A new guest (a fresh cookie jar) with one thread: its ids. */
  async function newGuestThread() {
    jar.values.clear();
    const res = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Plan: the migration / v2" } });
    const { id } = (await res.json()) as { id: string };
    const row = await env.db.thread.findUniqueOrThrow({ where: { id } });
    return { id, userId: row.userId, workspaceId: row.workspaceId, cookies: new Map(jar.values) };
  }

  /** A thread with a summary, a pin, an edited file, a compaction receipt and 1,100 more messages (paged reads). */
  async function richThread() {
    const owner = await newGuestThread();
    const m = await seedConversation(owner.id, [
      ["user", "Never deploy on Fridays; staging lives at https://staging.example.com/app."],
      ["assistant", "Understood."],
      ["user", "Now migrate src/cli/accounts.ts."],
      ["assistant", "Done."],
    ]);
    await env.db.message.createMany({
      data: Array.from({ length: 1_100 }, (_, k) => ({
        threadId: owner.id,
        seq: 5 + k,
        role: k % 2 ? "assistant" : "user",
        parts: JSON.stringify([{ type: "text", text: `Bulk message ${k}` }]),
        text: `Bulk message ${k}`,
        tokens: 4,
      })),
    });
    await env.db.thread.update({ where: { id: owner.id }, data: { lastSeq: 1_104 } });
    const tail = await seedConversation(owner.id, [["user", "What is next?"]]);
    // A cut is a user message (seq 999: "Bulk message 994").
    const cut = await env.db.message.findFirstOrThrow({ where: { threadId: owner.id, seq: 999 } });
    const summary = await seedSummary(env.db, owner.id, "## Goal\nMigrate callers of getAccount.", cut.id);
    await env.db.compaction.create({
      data: {
        threadId: owner.id,
        status: "saved",
        trigger: "threshold",
        summaryId: summary.id,
        cutMessageId: cut.id,
        finishedAt: new Date(),
      },
    });
    await pinMessage(owner.userId, owner.id, m[0].id);
    await writeFile(owner.workspaceId, { path: "plans/migration.md", content: "# Plan\nstep 1", baseVersion: null, author: "person" });
    await writeFile(owner.workspaceId, {
      path: "plans/migration.md",
      content: "# Plan\nstep 1\nstep 2 ```",
      baseVersion: 1,
      author: "agent",
    });
    return { ...owner, first: m[0], last: tail[0], summary };
  }

  const getExport = (id: string, query = "?format=json") =>
    callRoute(exportRoute, { method: "GET", url: `/api/threads/${id}/export${query}`, params: { id } });

  const counts = async () => ({
    threads: await env.db.thread.count(),
    messages: await env.db.message.count(),
    workspaces: await env.db.workspace.count(),
    files: await env.db.workspaceFile.count(),
  });

  it("exports Markdown to read and lossless JSON, as attachments; another user's thread is a 404", async () => {
    const t = await richThread();
    const md = await getExport(t.id, "");
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toMatch(/^attachment; filename="Plan- the migration - v2\.md"; filename\*=UTF-8''/);
    expect(md.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await md.text();
    expect(text).toMatch(/^# Plan: the migration \/ v2\n/);
    expect(text).toContain("### You");
    expect(text).toContain("### Assistant");
    expect(text).toContain("Never deploy on Fridays");
    expect(text).toContain("**Summary in force**");
    expect(text.indexOf("Summary in force")).toBeLessThan(text.indexOf("Bulk message 994"));
    expect(text.indexOf("Bulk message 993")).toBeLessThan(text.indexOf("Summary in force"));
    expect(text).toContain("## Workspace files");
    expect(text).toContain("````\n# Plan\nstep 1\nstep 2 ```\n````");

    const json = await getExport(t.id);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("content-disposition")).toContain('filename="Plan- the migration - v2.json"');
    const doc = (await json.json()) as Doc;
    expect(doc).toMatchObject({ format: "longrun-chat-export", version: 2, kind: "thread" });
    const [thread] = doc.threads;
    expect(thread.messages).toHaveLength(1_105);
    expect(thread.messages.map((m) => m.seq)).toEqual(Array.from({ length: 1_105 }, (_, k) => k + 1));
    expect(thread.summaries[0]).toMatchObject({ id: t.summary.id, cutMessageId: t.summary.cutMessageId });
    expect(thread.messages[0].pinnedAt).not.toBeNull();
    expect(doc.workspaces[0].files).toEqual([expect.objectContaining({ path: "plans/migration.md", version: 2 })]);
    expect(doc.workspaces[0].versions).toHaveLength(2);
    expect(JSON.stringify(doc)).not.toMatch(/password|sessionToken|turnHolder/);

    const bad = await getExport(t.id, "?format=pdf");
    expect(bad.status).toBe(400);

    await newGuestThread(); // another person's browser
    const other = await getExport(t.id);
    expect(other.status).toBe(404);
    const otherMd = await getExport(t.id, "?format=md");
    expect(otherMd.status).toBe(404);
  });

  it("imports the JSON as a new thread that continues with the same summary, pins and workspace; the same file again is found", async () => {
    const t = await richThread();
    const file = await (await getExport(t.id)).text();
    const source = JSON.parse(file) as Doc;

    const importer = await newGuestThread();
    const res = await postImport(file);
    expect(res.status).toBe(201);
    const { threadIds, duplicate } = (await res.json()) as { threadIds: string[]; duplicate: boolean };
    expect(duplicate).toBe(false);
    expect(threadIds).toHaveLength(1);
    const copy = await env.db.thread.findUniqueOrThrow({ where: { id: threadIds[0] } });
    expect(copy.userId).toBe(importer.userId);
    expect(copy.id).not.toBe(t.id);
    expect(copy.workspaceId).not.toBe(t.workspaceId);

    const messages = await env.db.message.findMany({ where: { threadId: copy.id }, orderBy: { seq: "asc" } });
    expect(messages.map((m) => [m.seq, m.role, m.text])).toEqual(source.threads[0].messages.map((m) => [m.seq, m.role, m.text]));
    expect(messages.some((m) => source.threads[0].messages.some((s) => s.id === m.id))).toBe(false);
    const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: copy.id } });
    expect(summary.text).toBe(t.summary.text);
    expect(messages.find((m) => m.id === summary.cutMessageId)?.seq).toBe(999);
    const compaction = await env.db.compaction.findFirstOrThrow({ where: { threadId: copy.id } });
    expect(compaction).toMatchObject({ summaryId: summary.id, cutMessageId: summary.cutMessageId });
    expect(messages.find((m) => m.pinnedAt !== null)?.seq).toBe(1);
    const files = await env.db.workspaceFile.findMany({ where: { workspaceId: copy.workspaceId } });
    expect(files.map((f) => [f.path, f.version, f.content])).toEqual([["plans/migration.md", 2, "# Plan\nstep 1\nstep 2 ```"]]);
    expect(await env.db.fileVersion.count({ where: { workspaceId: copy.workspaceId } })).toBe(2);

    // The imported thread's next request carries the imported summary, then the pin, then the span.
    const inspected = await inspectContext(copy.id, { includeInput: false });
    expect(inspected).toMatchObject({ summaryStale: false });
    await completeTurn(importer.userId, copy.id, textStart("echo input"));
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: copy.id, role: "assistant" }, orderBy: { seq: "desc" } });
    const first = echoedPrompt(reply.text).messages[0]!;
    expect(first.parts.map((p) => p.text).slice(0, 3)).toEqual([
      `Summary of earlier conversation:\n${t.summary.text}`,
      `Pinned message (user), kept verbatim:\n${t.first.text}`,
      "Bulk message 994",
    ]);

    // The same file again: the thread the first import made, nothing new written.
    const before = await counts();
    const again = await postImport(file);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ threadIds, duplicate: true });
    expect(await counts()).toEqual(before);
  });

  it("imports an account export whole: two threads sharing a workspace keep sharing one; two imports at once make one copy", async () => {
    const t = await newGuestThread();
    await seedConversation(t.id, [["user", "First chat."]]);
    const cont = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: { workspaceOf: t.id } });
    const contId = ((await cont.json()) as { id: string }).id;
    await seedConversation(contId, [["user", "Continued chat."]]);
    const res = await callRoute(accountExportRoute, { method: "GET", url: "/api/account/export" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="longrun-chat-\d{4}-\d\d-\d\d\.json"/);
    const file = await res.text();
    const doc = JSON.parse(file) as Doc & { profile: { kind: string } };
    expect(doc.profile.kind).toBe("guest");
    expect(doc.threads.map((x) => x.id)).toEqual([t.id, contId]);
    expect(doc.workspaces).toHaveLength(1);

    await newGuestThread();
    const before = await env.db.thread.count();
    const [a, b] = await Promise.all([postImport(file), postImport(file)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const ids = ((await a.json()) as { threadIds: string[] }).threadIds;
    expect(((await b.json()) as { threadIds: string[] }).threadIds).toEqual(ids);
    expect(await env.db.thread.count()).toBe(before + 2);
    const made = await env.db.thread.findMany({ where: { id: { in: ids } } });
    expect(new Set(made.map((x) => x.workspaceId)).size).toBe(1);
  });

  it("refuses a broken, foreign, deeply nested, dangling or oversized file in words, with nothing written", async () => {
    const t = await richThread();
    const good = JSON.parse(await (await getExport(t.id)).text()) as Doc;
    await newGuestThread();
    const before = await counts();

    const dangling = structuredClone(good);
    dangling.threads[0].summaries[0].cutMessageId = "no-such-message";
    const badPath = structuredClone(good);
    badPath.workspaces[0].files[0].path = "../escape.md";
    const cases: Array<[string | Uint8Array, number, string, RegExp]> = [
      ["{not json", 400, "bad_json", /not valid JSON/],
      [new Uint8Array([0xff, 0xfe, 0x00]), 400, "bad_json", /not UTF-8/],
      ["[".repeat(5_000) + "]".repeat(5_000), 400, "bad_json", /nests more than 64 levels/],
      [JSON.stringify({ format: "chatgpt", conversations: [] }), 400, "invalid_body", /not an export of this app/],
      [JSON.stringify({ ...good, version: 3 }), 400, "invalid_body", /version 3; this server reads versions 1 and 2/],
      [JSON.stringify({ ...good, threads: [{ ...good.threads[0], messages: "x" }] }), 400, "invalid_body", /threads\.0\.messages/],
      [JSON.stringify(dangling), 400, "invalid_body", /message no-such-message is not in the chat/],
      [JSON.stringify(badPath), 400, "invalid_body", /workspaces\.0\.files\.0\.path/],
      [" ".repeat(2 * 1024 * 1024 + 1), 413, "too_large", /larger than the 2 MB/],
    ];
    for (const [content, status, code, message] of cases) {
      const res = await postImport(content);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect([res.status, body.error.code], body.error.message).toEqual([status, code]);
      expect(body.error.message).toMatch(message);
    }
    const notForm = await callRoute(importRoute, { method: "POST", url: "/api/import", body: good });
    expect(notForm.status).toBe(415);
    const noFile = await callRoute(importRoute, {
      method: "POST",
      url: "/api/import",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "--x--\r\n",
    });
    expect(noFile.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("exports every branch and imports a thread whose versions flip as in the original", async () => {
    const owner = await newGuestThread();
    await completeTurn(owner.userId, owner.id, textStart("first question"));
    const firstReply = await env.db.message.findFirstOrThrow({ where: { threadId: owner.id, role: "assistant" } });
    await completeTurn(owner.userId, owner.id, { kind: "retry", messageId: firstReply.id });
    const res = await getExport(owner.id);
    const doc = (await res.json()) as {
      threads: Array<{ messages: Array<{ id: string; deletedAt: string | null; parentId?: string | null }> }>;
    };
    const exported = doc.threads[0].messages;
    expect(exported).toHaveLength(3);
    const off = exported.find((m) => m.deletedAt !== null)!;
    expect(off.id).toBe(firstReply.id);
    expect(off.parentId).toBe(exported[0].id);

    const imported = await postImport(JSON.stringify(doc));
    expect(imported.status).toBe(201);
    const [copyId] = ((await imported.json()) as { threadIds: string[] }).threadIds;
    const copy = await env.db.thread.findUniqueOrThrow({ where: { id: copyId } });
    const page = (await readTranscriptPage(copyId, { limit: 10 })).messages;
    expect(page.map((m) => m.versions ?? null)).toEqual([null, { index: 2, count: 2, previousId: expect.any(String), nextId: null }]);
    await showVersion(copy.userId, copyId, page[1].versions!.previousId!);
    const after = (await readTranscriptPage(copyId, { limit: 10 })).messages;
    expect(after[1].text).toBe(firstReply.text);
    expect(after[1].versions).toMatchObject({ index: 1, count: 2 });
  });
});
