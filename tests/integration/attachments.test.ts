import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import type { Jar } from "./security/support";
import { attachmentRoutes, type Written } from "./support/attachment-routes";
import { resetConfigForTests } from "@/tests/support/config";
import { pdf, png } from "@/tests/support/attachment-files";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));

// Uploads (picked apart by their bytes, capped per file, per request and per thread, made into
// workspace files), downloads with safe headers, and both storages, on each database.
describe.each(testDatabases())("attachments on $name", (target) => {
  let env: Provisioned;
  const saved = { ...process.env };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lrc-attachments-"));
  beforeAll(async () => {
    Object.assign(process.env, { MAX_ATTACHMENT_BYTES: String(64 * 1024), MAX_THREAD_ATTACHMENT_BYTES: String(150 * 1024) });
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    fs.rmSync(dir, { recursive: true, force: true });
    await env?.drop();
  });

  const { newGuestThread, upload, download } = attachmentRoutes(jar, () => env.db);

  const fileAt = (workspaceId: string, p: string) => env.db.workspaceFile.findFirst({ where: { workspaceId, path: p, deletedAt: null } });

  it("writes text, an image and a PDF (its text extracted per page) as workspace files", async () => {
    const t = await newGuestThread();
    const spec = await pdf(["Chapter one: the migration plan.", "", "Chapter three: rollback."]);
    const res = await upload(t.id, [
      { name: "notes.md", bytes: "# Notes\nnever deploy on Fridays\n", type: "text/markdown" },
      { name: "../../screen shot.png", bytes: png(40, 30), type: "image/png" },
      { name: "spec.pdf", bytes: spec, type: "application/pdf" },
    ]);
    expect(res.status).toBe(201);
    const { attachments } = (await res.json()) as { attachments: Written[] };
    expect(attachments.map((a) => [a.path, a.mediaType, a.textPath])).toEqual([
      ["attachments/notes.md", "text/plain", null],
      ["attachments/screen shot.png", "image/png", null],
      ["attachments/spec.pdf", "application/pdf", "attachments/spec.pdf.md"],
    ]);
    expect((await fileAt(t.workspaceId, "attachments/notes.md"))?.content).toBe("# Notes\nnever deploy on Fridays\n");
    const note = (await fileAt(t.workspaceId, "attachments/screen shot.png"))!;
    expect(note.content).toContain("type: image/png");
    expect(note.content).toContain("dimensions: 40 x 30 pixels");
    expect(note.lastAuthor).toBe("person");
    const md = (await fileAt(t.workspaceId, "attachments/spec.pdf.md"))!.content;
    expect(md).toContain("Text extracted from the PDF: 3 pages.");
    expect(md).toMatch(/## Page 1\n\nChapter one: the migration plan\./);
    expect(md).toMatch(/## Page 2\n\n_\(no text on this page/);
    expect(md).toMatch(/## Page 3\n\nChapter three: rollback\./);
    const row = await env.db.attachment.findFirstOrThrow({ where: { workspaceId: t.workspaceId, path: "attachments/spec.pdf" } });
    expect(row.storage).toBe("db");
    expect(row.size).toBe(spec.byteLength);

    // The same name again is a new file beside the first, never an overwrite.
    const again = await upload(t.id, [{ name: "notes.md", bytes: "second" }]);
    expect(((await again.json()) as { attachments: Written[] }).attachments[0].path).toBe("attachments/notes-2.md");
  });

  it("decides the type from the bytes: a lying name is refused or renamed; nothing is written on a refusal", async () => {
    const t = await newGuestThread();
    const gz = await upload(t.id, [
      { name: "fine.txt", bytes: "fine" },
      { name: "photo.png", bytes: gzipSync(Buffer.from("not a photo")), type: "image/png" },
    ]);
    expect(gz.status).toBe(415);
    expect(await gz.json()).toMatchObject({ error: { code: "unsupported_media_type", file: "photo.png", reason: "type" } });
    const binary = await upload(t.id, [{ name: "notes.txt", bytes: Uint8Array.from([1, 2, 0, 3, 0xff, 0xfe]) }]);
    expect(binary.status).toBe(415);
    expect(await env.db.workspaceFile.count({ where: { workspaceId: t.workspaceId } })).toBe(0);
    expect(await env.db.attachment.count({ where: { workspaceId: t.workspaceId } })).toBe(0);

    const renamed = await upload(t.id, [{ name: "report.txt", bytes: png(2, 2) }]);
    expect(((await renamed.json()) as { attachments: Written[] }).attachments[0]).toMatchObject({
      path: "attachments/report.txt.png",
      mediaType: "image/png",
    });
  });

  it("refuses a file, a request or a thread past its cap, and an image with huge dimensions", async () => {
    const t = await newGuestThread();
    const big = await upload(t.id, [{ name: "big.log", bytes: "x".repeat(65 * 1024) }]);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: "too_large" } });
    const huge = await upload(t.id, [{ name: "bomb.png", bytes: png(30_000, 30_000, { headerOnly: true }) }]);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: "too_large", reason: "dimensions", width: 30_000 } });

    for (const n of [1, 2]) expect((await upload(t.id, [{ name: `part${n}.log`, bytes: "y".repeat(60 * 1024) }])).status).toBe(201);
    const third = await upload(t.id, [{ name: "part3.log", bytes: "z".repeat(60 * 1024) }]);
    expect(third.status).toBe(413);
    expect(await third.json()).toMatchObject({ error: { code: "too_large", reason: "thread_size" } });
    expect(await env.db.attachment.count({ where: { threadId: t.id } })).toBe(2);
  });

  it("serves the bytes with the sniffed type, a disposition and nosniff; SVG and HTML only as downloads", async () => {
    const t = await newGuestThread();
    const image = png(3, 3);
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const html = "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>";
    const res = await upload(t.id, [
      { name: "dot.png", bytes: image },
      { name: "logo.svg", bytes: svg, type: "image/svg+xml" },
      { name: "page.txt", bytes: html, type: "text/plain" },
      { name: "notes.txt", bytes: "plain words" },
    ]);
    const paths = ((await res.json()) as { attachments: Written[] }).attachments.map((a) => a.path);
    expect(paths).toEqual(["attachments/dot.png", "attachments/logo.svg", "attachments/page.txt.html", "attachments/notes.txt"]);

    const png1 = await download(t.id, "dot.png");
    expect(png1.status).toBe(200);
    expect(png1.headers.get("content-type")).toBe("image/png");
    expect(png1.headers.get("content-disposition")).toBe("inline; filename=dot.png");
    expect(png1.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await png1.arrayBuffer())).toEqual(image);
    expect((await download(t.id, "dot.png", "?download=1")).headers.get("content-disposition")).toBe("attachment; filename=dot.png");

    const svg1 = await download(t.id, "logo.svg");
    expect(svg1.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg1.headers.get("content-disposition")).toBe("attachment; filename=logo.svg");
    expect(svg1.headers.get("x-content-type-options")).toBe("nosniff");
    const html1 = await download(t.id, "page.txt.html");
    expect(html1.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html1.headers.get("content-disposition")).toMatch(/^attachment;/);
    const text = await download(t.id, "notes.txt");
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(await text.text()).toBe("plain words");
    expect((await download(t.id, "missing.png")).status).toBe(404);
  });

  it("hides another user's thread behind a 404, for upload and download", async () => {
    const owner = await newGuestThread();
    expect((await upload(owner.id, [{ name: "mine.txt", bytes: "mine" }])).status).toBe(201);
    await newGuestThread(); // a second guest now holds the cookie jar
    const up = await upload(owner.id, [{ name: "theirs.txt", bytes: "theirs" }]);
    expect(up.status).toBe(404);
    expect((await download(owner.id, "mine.txt")).status).toBe(404);
    expect(await env.db.attachment.count({ where: { threadId: owner.id } })).toBe(1);
  });

  it("stores the bytes in ATTACHMENTS_DIR when it is set", async () => {
    process.env.ATTACHMENTS_DIR = dir;
    resetConfigForTests();
    try {
      const t = await newGuestThread();
      const image = png(5, 5);
      expect((await upload(t.id, [{ name: "disk.png", bytes: image }])).status).toBe(201);
      const row = await env.db.attachment.findFirstOrThrow({ where: { threadId: t.id } });
      expect(row.storage).toBe("dir");
      expect(await env.db.attachmentBlob.count({ where: { key: row.storageKey } })).toBe(0);
      expect(new Uint8Array(fs.readFileSync(path.join(dir, row.storageKey.slice(0, 2), row.storageKey)))).toEqual(image);
      expect(new Uint8Array(await (await download(t.id, "disk.png")).arrayBuffer())).toEqual(image);
    } finally {
      delete process.env.ATTACHMENTS_DIR;
      resetConfigForTests();
    }
  });
});
