import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import type { Jar } from "./security/support";
import { attachmentRoutes, type Written } from "./support/attachment-routes";
import { resetConfigForTests } from "@/tests/support/config";
import { png } from "@/tests/support/attachment-files";
import { s3Settings, startS3, type TestS3 } from "@/tests/support/s3-server";
import { s3Store } from "@/lib/attachments/s3-store";
import { AppError } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import { addAttachments } from "@/lib/attachments/add";
import { attachmentParts } from "@/lib/attachments/message-parts";
import { createThread } from "@/lib/db/threads";
import { completeTurn } from "./support/turns";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));

const SECRET = "s3-secret-that-must-never-be-logged";
const noTx = undefined as unknown as Tx; // the bucket store never touches the transaction

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The S3 store against a real S3-compatible server (s3rver, SigV4 checked) started here.
describe("the S3 attachment store", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.stop());

  const settingsFor = (over: Partial<ReturnType<typeof s3Settings>> = {}) => ({ ...s3Settings(s3), ...over }) as never;

  it("puts and gets the bytes under a new key; a missing key is null", async () => {
    const store = s3Store(settingsFor());
    const bytes = png(7, 3);
    const key = await store.put(noTx, bytes);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.put(noTx, bytes)).not.toBe(key);
    expect(await store.get("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await store.get("../not-a-key")).toBeNull();
  });

  it("answers a typed 503 when the bucket refuses or is missing, and logs no secret", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const wrongKey = s3Store(settingsFor({ ATTACHMENTS_S3_ACCESS_KEY_ID: "UNKNOWN-KEY", ATTACHMENTS_S3_SECRET_ACCESS_KEY: SECRET }));
      const refused = await wrongKey.put(noTx, png(1, 1)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "storage_unavailable", status: 503 });
      const noBucket = s3Store(settingsFor({ ATTACHMENTS_S3_BUCKET: "no-such-bucket" }));
      await expect(noBucket.get("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "storage_unavailable" });
      const lines = logged.mock.calls.map((c) => c.join(" "));
      expect(lines.join("\n")).toMatch(/S3 upload failed: 403 InvalidAccessKeyId/);
      expect(lines.join("\n")).toMatch(/S3 read failed: 404 NoSuchBucket/);
      expect(lines.join("\n")).not.toContain(SECRET);
    } finally {
      logged.mockRestore();
    }
  });
});

// Uploads and downloads through the routes with the bucket as the store, on each database.
describe.each(testDatabases())("attachments in an S3 bucket on $name", (target) => {
  let env: Provisioned;
  let s3: TestS3;
  const saved = { ...process.env };
  beforeAll(async () => {
    s3 = await startS3();
    env = await provision(target);
  });
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
  });
  afterAll(async () => {
    await s3?.stop();
    await env?.drop();
  });
  const useSettings = (settings: Record<string, string>) => {
    Object.assign(process.env, settings);
    resetConfigForTests();
  };

  const { newGuestThread, upload, download } = attachmentRoutes(jar, () => env.db);

  it("uploads into the bucket and downloads from it", async () => {
    useSettings(s3Settings(s3));
    const t = await newGuestThread();
    const image = png(9, 4);
    const res = await upload(t.id, [
      { name: "shot.png", bytes: image },
      { name: "notes.txt", bytes: "kept in the bucket" },
    ]);
    expect(res.status).toBe(201);
    const { attachments } = (await res.json()) as { attachments: Written[] };
    expect(attachments.map((a) => a.path)).toEqual(["attachments/shot.png", "attachments/notes.txt"]);
    const row = await env.db.attachment.findFirstOrThrow({ where: { threadId: t.id, path: "attachments/shot.png" } });
    expect(row.storage).toBe("s3");
    expect(await env.db.attachmentBlob.count()).toBe(0);
    // The object is in the bucket itself, under the row's key.
    expect(await s3Store(s3Settings(s3) as never).get(row.storageKey)).toEqual(image);

    const got = await download(t.id, "shot.png");
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(image);
    expect(await (await download(t.id, "notes.txt")).text()).toBe("kept in the bucket");
  });

  it("refuses an upload with a clear 503 and records nothing while the bucket is unreachable", async () => {
    useSettings({
      ...s3Settings(s3),
      ATTACHMENTS_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: SECRET,
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const t = await newGuestThread();
      const res = await upload(t.id, [{ name: "lost.png", bytes: png(2, 2) }]);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toMatchObject({
        error: { code: "storage_unavailable", message: expect.stringMatching(/S3 bucket.*nothing was attached/) },
      });
      expect(await env.db.attachment.count({ where: { threadId: t.id } })).toBe(0);
      expect(await env.db.workspaceFile.count({ where: { workspaceId: t.workspaceId } })).toBe(0);
      const lines = logged.mock.calls.map((c) => c.join(" ")).join("\n");
      expect(lines).toMatch(/S3 upload failed: bucket unreachable \(TypeError: ECONNREFUSED\)/);
      expect(lines).not.toContain(SECRET);
    } finally {
      logged.mockRestore();
    }
  });

  it("ends a turn that needs an image from an unreachable bucket with the store's words, the message kept", async () => {
    useSettings({ ...s3Settings(s3), OFFLINE_DELAY_MS: "0" });
    const userId = (await env.db.user.create({ data: {} })).id;
    const t = await createThread(userId);
    const [image] = await addAttachments(userId, t.id, [{ name: "diagram.png", bytes: png(8, 8) }]);
    const parts = await attachmentParts(userId, t.id, [image.path]);
    useSettings({ ATTACHMENTS_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const turn = completeTurn(userId, t.id, { kind: "submit", parts: [{ type: "text", text: "what is in it?" }, ...parts] });
      await expect(turn).rejects.toMatchObject({ code: "storage_unavailable", status: 503 });
    } finally {
      logged.mockRestore();
    }
    const [question, reply] = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    expect(question.text).toBe("what is in it?");
    expect(reply).toMatchObject({ role: "assistant", status: "error", errorCode: "internal" });
    expect(reply.error).toMatch(/could not be read from the attachment store \(an S3 bucket\)/);
  });

  it("answers a download with a 503 while the bucket is unreachable, and a 404 once its object is gone", async () => {
    useSettings(s3Settings(s3));
    const t = await newGuestThread();
    expect((await upload(t.id, [{ name: "later.txt", bytes: "read me later" }])).status).toBe(201);
    useSettings({ ATTACHMENTS_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const res = await download(t.id, "later.txt");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: "storage_unavailable" } });
    } finally {
      logged.mockRestore();
    }
    useSettings({ ATTACHMENTS_S3_ENDPOINT: s3.endpoint });
    await env.db.attachment.updateMany({ where: { threadId: t.id }, data: { storageKey: "00000000-0000-4000-8000-000000000000" } });
    expect((await download(t.id, "later.txt")).status).toBe(404);
  });
});
