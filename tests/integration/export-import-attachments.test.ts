import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn } from "./support/turns";
import { echoedPrompt } from "./support/seed";
import { settleAfter } from "./support/after-stub";
import { callRoute, type Jar } from "./security/support";
import { resetConfigForTests } from "@/tests/support/config";
import { pdf, png } from "@/tests/support/attachment-files";
import { addAttachments } from "@/lib/attachments/add";
import { attachmentParts } from "@/lib/attachments/message-parts";
import * as threadsRoute from "@/app/api/threads/route";
import * as exportRoute from "@/app/api/threads/[id]/export/route";
import * as importRoute from "@/app/api/import/route";
import * as attachmentRoute from "@/app/api/threads/[id]/attachments/[name]/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));

type Attachment = {
  path: string;
  mediaType: string;
  size: number;
  width: number | null;
  height: number | null;
  pages: number | null;
  bytes: string;
};
type Doc = { version: number; threads: Array<{ attachments?: Attachment[] }> };
type Part = { type: string; mediaType?: string; filename?: string; text?: string };

async function postImport(content: string) {
  const form = new FormData();
  form.append("file", new Blob([content], { type: "application/json" }), "export.json");
  const framed = new Response(form);
  const body = new Uint8Array(await framed.arrayBuffer());
  return callRoute(importRoute, {
    method: "POST",
    url: "/api/import",
    headers: { "content-type": framed.headers.get("content-type")! },
    body,
  });
}

const download = (threadId: string, name: string) =>
  callRoute(attachmentRoute, { method: "GET", url: `/api/threads/${threadId}/attachments/${name}`, params: { id: threadId, name } });

/** What the model received on the thread's newest turn: the parts of every message that carried a file. */
async function filesTheModelSaw(db: Provisioned["db"], threadId: string): Promise<Part[]> {
  const reply = await db.message.findFirstOrThrow({ where: { threadId, role: "assistant" }, orderBy: { seq: "desc" } });
  return echoedPrompt(reply.text).messages.flatMap((m) => (m.parts as Part[]).filter((p) => p.type === "file"));
}

// A thread with an image, a PDF and a text file attached, exported as JSON (version 2, the bytes
// in base64) and as Markdown (the attachments named), and imported into a fresh install: the
// attachments download with the same bytes and type and reach the model as in the original. The
// bytes are judged again on import (sniffed, capped), and a version 1 export still imports.
describe.each(testDatabases())("attachments through export and import on $name", (target) => {
  let source: Provisioned;
  let fresh: Provisioned;
  const saved = { ...process.env };
  let exported = "";
  let markdown = "";
  let original: { threadId: string; files: Map<string, Uint8Array>; seen: Part[] };

  beforeAll(async () => {
    Object.assign(process.env, { OFFLINE_DELAY_MS: "0" });
    resetConfigForTests();
    source = await provision(target);
    jar.values.clear();
    const res = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Screens and specs" } });
    const { id } = (await res.json()) as { id: string };
    const { userId } = await source.db.thread.findUniqueOrThrow({ where: { id } });
    const files = new Map<string, Uint8Array>([
      ["screen.png", png(64, 48, { noise: 7 })],
      ["spec.pdf", await pdf(["Page one of the spec.", "Page two of the spec."])],
      ["notes.csv", new TextEncoder().encode("step,owner\nmigrate,ana\n")],
    ]);
    const written = await addAttachments(
      userId,
      id,
      [...files].map(([name, bytes]) => ({ name, bytes })),
    );
    const parts = await attachmentParts(
      userId,
      id,
      written.map((w) => w.path),
    );
    await completeTurn(userId, id, { kind: "submit", parts: [{ type: "text", text: "echo input" }, ...parts] });
    original = { threadId: id, files, seen: await filesTheModelSaw(source.db, id) };
    exported = await (await callRoute(exportRoute, { method: "GET", url: `/api/threads/${id}/export?format=json`, params: { id } })).text();
    markdown = await (await callRoute(exportRoute, { method: "GET", url: `/api/threads/${id}/export?format=md`, params: { id } })).text();
    // The fresh install: another database, which db() now points at.
    fresh = await provision(target);
  });
  afterAll(async () => {
    // The imports' background compaction checks run before their database goes.
    await settleAfter();
    process.env = saved;
    resetConfigForTests();
    await fresh?.drop();
    await source?.drop();
  });

  it("exports each attachment's bytes in the JSON (version 2) and names them in the Markdown", () => {
    const doc = JSON.parse(exported) as Doc;
    expect(doc.version).toBe(2);
    const attachments = doc.threads[0].attachments!;
    expect(attachments.map((a) => [a.path, a.mediaType, a.width, a.height, a.pages])).toEqual([
      ["attachments/screen.png", "image/png", 64, 48, null],
      ["attachments/spec.pdf", "application/pdf", null, null, 2],
      ["attachments/notes.csv", "text/plain", null, null, null],
    ]);
    for (const a of attachments) expect(Buffer.from(a.bytes, "base64")).toEqual(Buffer.from(original.files.get(a.path.slice(12))!));
    expect(original.seen).toContainEqual(
      expect.objectContaining({ type: "file", mediaType: "image/png", filename: "attachments/screen.png" }),
    );
    expect(markdown).toContain(
      `## Attachments\n\n- \`attachments/screen.png\`: image/png, ${original.files.get("screen.png")!.byteLength} bytes`,
    );
    expect(markdown).toContain("- `attachments/spec.pdf`: application/pdf");
  });

  it("imports into a fresh install: the attachments download with the same bytes and type, and reach the model as before", async () => {
    jar.values.clear();
    const res = await postImport(exported);
    expect(res.status).toBe(201);
    const [threadId] = ((await res.json()) as { threadIds: string[] }).threadIds;
    const thread = await fresh.db.thread.findUniqueOrThrow({ where: { id: threadId } });
    const rows = await fresh.db.attachment.findMany({ where: { threadId }, orderBy: { path: "asc" } });
    expect(rows.map((r) => [r.path, r.mediaType, r.size, r.width, r.height, r.pages, r.workspaceId, r.addedBy])).toEqual([
      [
        "attachments/notes.csv",
        "text/plain",
        original.files.get("notes.csv")!.byteLength,
        null,
        null,
        null,
        thread.workspaceId,
        thread.userId,
      ],
      [
        "attachments/screen.png",
        "image/png",
        original.files.get("screen.png")!.byteLength,
        64,
        48,
        null,
        thread.workspaceId,
        thread.userId,
      ],
      [
        "attachments/spec.pdf",
        "application/pdf",
        original.files.get("spec.pdf")!.byteLength,
        null,
        null,
        2,
        thread.workspaceId,
        thread.userId,
      ],
    ]);
    for (const [name, bytes] of original.files) {
      const file = await download(threadId, name);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(bytes));
    }
    expect((await download(threadId, "screen.png")).headers.get("content-type")).toBe("image/png");
    // The imported thread's next turn carries the image as the original's did, and the PDF's text sibling came along.
    await completeTurn(thread.userId, threadId, { kind: "submit", parts: [{ type: "text", text: "echo input" }] });
    expect(await filesTheModelSaw(fresh.db, threadId)).toEqual(original.seen);
    const sibling = await fresh.db.workspaceFile.findFirstOrThrow({
      where: { workspaceId: thread.workspaceId, path: "attachments/spec.pdf.md" },
    });
    expect(sibling.content).toContain("Page two of the spec.");
  });

  it("judges the bytes, not the file's claims: a forged type is re-sniffed, a binary refused, the thread cap held; a version 1 export imports", async () => {
    jar.values.clear();
    const before = { threads: await fresh.db.thread.count(), attachments: await fresh.db.attachment.count() };
    const variant = (edit: (doc: Doc & Record<string, unknown>) => void) => {
      const doc = JSON.parse(exported) as Doc & Record<string, unknown>;
      edit(doc);
      return JSON.stringify(doc);
    };
    const binary = variant((d) => {
      d.threads[0].attachments![2].bytes = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]).toString("base64");
    });
    const refused = await postImport(binary);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect([refused.status, body.error.code]).toEqual([415, "unsupported_media_type"]);
    expect(body.error.message).toContain("attachments/notes.csv");

    process.env.MAX_THREAD_ATTACHMENT_BYTES = String(original.files.get("screen.png")!.byteLength + 10);
    resetConfigForTests();
    const over = await postImport(exported);
    const overBody = (await over.json()) as { error: { code: string; message: string } };
    expect([over.status, overBody.error.code]).toEqual([413, "too_large"]);
    expect(overBody.error.message).toMatch(/MAX_THREAD_ATTACHMENT_BYTES/);
    delete process.env.MAX_THREAD_ATTACHMENT_BYTES;
    resetConfigForTests();
    expect({ threads: await fresh.db.thread.count(), attachments: await fresh.db.attachment.count() }).toEqual(before);

    // The file says the PNG is a PDF of 9 pages at 1 x 1: the bytes decide.
    const forged = variant((d) => {
      Object.assign(d.threads[0].attachments![0], { mediaType: "application/pdf", width: 1, height: 1, pages: 9 });
    });
    const ok = await postImport(forged);
    expect(ok.status).toBe(201);
    const [forgedThread] = ((await ok.json()) as { threadIds: string[] }).threadIds;
    const png = await fresh.db.attachment.findFirstOrThrow({ where: { threadId: forgedThread, path: "attachments/screen.png" } });
    expect([png.mediaType, png.width, png.height, png.pages]).toEqual(["image/png", 64, 48, null]);

    const v1 = variant((d) => {
      d.version = 1;
      delete d.threads[0].attachments;
    });
    const old = await postImport(v1);
    expect(old.status).toBe(201);
    const [oldThread] = ((await old.json()) as { threadIds: string[] }).threadIds;
    expect(await fresh.db.attachment.count({ where: { threadId: oldThread } })).toBe(0);
    expect(await fresh.db.message.count({ where: { threadId: oldThread } })).toBeGreaterThan(0);
  });
});
