import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, rm, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { settleAfter } from "./support/after-stub";
import { ORIGIN, type Jar } from "./security/support";
import { resetConfigForTests } from "@/tests/support/config";
import { BASE_TIME, largeText, writeLargeChatGptExport } from "@/tests/support/chatgpt-export";
import * as importRoute from "@/app/api/import/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));

/** POST /api/import with the file streamed from disk as the `file` field: the test never holds it whole either. */
async function postFile(file: string, size: number): Promise<Response> {
  const boundary = `----longrun-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="conversations.json"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = async function* () {
    yield head;
    yield* createReadStream(file, { highWaterMark: 256 * 1024 });
    yield tail;
  };
  const req = new Request(`${ORIGIN}/api/import`, {
    method: "POST",
    headers: {
      host: "127.0.0.1:3000",
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + size + tail.length),
    },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  return importRoute.POST(req, { params: Promise.resolve({}) });
}

/** The import's own temporary directories (lib/export/import-upload.ts) now present. */
const spools = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith("longrun-import-"));

// A collection before each heap sample, so the figure is what the import keeps alive, not garbage
// V8 has not yet collected (which on a large heap can be hundreds of MB either way).
v8.setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

type Growth = { heap: number; external: number; rss: number };

/**
 * Peak growth of live JS heap, of memory outside it (buffers, WebAssembly) and of RSS while `run`
 * runs, sampled every second. Each sample is a full collection: every 250 ms they cost 43 s of CPU
 * (157 against 114 s, this file's big imports alone) for the same live-heap peaks within 0.2 MB,
 * the figure asserted. Memory outside the heap then reads higher (buffers wait longer for a
 * collection: 5.6 and 17.9 MB against 2.1), which is only printed.
 */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T } & Growth> {
  collect();
  const base = process.memoryUsage();
  const peak: Growth = { heap: 0, external: 0, rss: 0 };
  const sample = () => {
    collect();
    const now = process.memoryUsage();
    peak.heap = Math.max(peak.heap, now.heapUsed - base.heapUsed);
    peak.external = Math.max(peak.external, now.external - base.external);
    peak.rss = Math.max(peak.rss, now.rss - base.rss);
  };
  const timer = setInterval(sample, 1000);
  try {
    const result = await run();
    sample();
    return { result, ...peak };
  } finally {
    clearInterval(timer);
  }
}

const MB = 1024 * 1024;

// A ChatGPT export far larger than the old whole-body reader held (it kept the upload, its text and
// the parsed tree at once: several times the file), imported with the default caps through the
// route, streamed: every conversation a thread with all its messages, and memory that grows with
// the imported rows, not with the file. A conversation that fails after many good ones leaves
// nothing behind, and no temporary file in either case.
describe.each(testDatabases())("a large import, streamed, on $name", (target) => {
  let env: Provisioned;
  let dir = "";
  const saved = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, { OFFLINE_DELAY_MS: "0" });
    delete process.env.MAX_IMPORT_BYTES;
    delete process.env.MAX_IMPORT_UNZIPPED_BYTES;
    resetConfigForTests();
    env = await provision(target);
    dir = await mkdtemp(path.join(os.tmpdir(), "import-large-test-"));
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await env?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("imports a 60+ MB ChatGPT export: every conversation and message, with memory growth well under the file's size", async () => {
    jar.values.clear();
    const conversations = 1_800;
    const messages = 40;
    const file = path.join(dir, "conversations.json");
    const size = await writeLargeChatGptExport(file, { conversations, messages });
    expect(size).toBeGreaterThan(60 * MB);
    const spooledBefore = await spools();
    // A smaller import first, so the one-time costs of a process's first import (the token
    // counter's tables, about 20 MB; Prisma's query cache, which levels off near 60 MB) are paid
    // before the measurement, which is then of what grows with the file.
    const warm = path.join(dir, "warm.json");
    const warmRes = await postFile(warm, await writeLargeChatGptExport(warm, { conversations: 800, messages: 40 }));
    expect(warmRes.status).toBe(201);
    const warmIds = new Set(((await warmRes.json()) as { threadIds: string[] }).threadIds);
    // Its background work (which imported threads to compact: 2,400 small queries) ends before the
    // measurement starts. Run during it, those queries pushed the warm import's plans out of
    // Prisma's debug history (its last 100 entries, kept whatever DEBUG says) while the big
    // import's filled it, and the two hid each other: the figure then depended on timing.
    await settleAfter();

    const { result: res, heap, external, rss } = await peakGrowth(() => postFile(file, size));
    console.log(
      `[import-large ${target.name}] file ${(size / MB).toFixed(1)} MB, ${conversations * messages} messages: ` +
        `peak live heap growth ${(heap / MB).toFixed(1)} MB (${((heap / size) * 100).toFixed(0)}% of the file), ` +
        `outside the heap ${(external / MB).toFixed(1)} MB, ` +
        `peak RSS growth ${(rss / MB).toFixed(1)} MB (${((rss / size) * 100).toFixed(0)}%)`,
    );
    const body = (await res.json()) as { threadIds: string[]; duplicate: boolean; error?: { message: string } };
    expect(res.status, body.error?.message).toBe(201);
    await settleAfter();
    expect(body.threadIds).toHaveLength(conversations);
    expect(body.threadIds.some((id) => warmIds.has(id))).toBe(false);
    const imported = new Set(body.threadIds);
    const perThread = (await env.db.message.groupBy({ by: ["threadId"], _count: { _all: true } })).filter((g) => imported.has(g.threadId));
    expect(perThread).toHaveLength(conversations);
    expect(new Set(perThread.map((g) => g._count._all))).toEqual(new Set([messages]));
    const last = await env.db.thread.findUniqueOrThrow({ where: { id: body.threadIds[conversations - 1] } });
    expect(last.title).toBe(`Migration of service s${conversations - 1}`);
    const rows = await env.db.message.findMany({ where: { threadId: last.id }, orderBy: { seq: "asc" } });
    expect(rows.map((m) => [m.role, m.text, m.createdAt.getTime()])).toEqual(
      rows.map((_, k) => [
        k % 2 ? "assistant" : "user",
        largeText(conversations - 1, k),
        (BASE_TIME + (conversations - 1) * 1000 + k) * 1000,
      ]),
    );
    // The old reader held the upload, its text and the parsed tree at once: several times the file.
    expect(heap).toBeLessThan(size / 2);
    expect(await spools()).toEqual(spooledBefore);
  }, 300_000);

  it("refuses a conversation that fails after 1,400 good ones, a file cut short and one past the cap, with nothing written and no temporary file", async () => {
    jar.values.clear();
    const before = { threads: await env.db.thread.count(), messages: await env.db.message.count() };
    const spooledBefore = await spools();
    const broken = path.join(dir, "broken.json");
    const size = await writeLargeChatGptExport(broken, { conversations: 1_500, messages: 6, broken: 1_400 });
    const res = await postFile(broken, size);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect([res.status, body.error.code]).toEqual([400, "invalid_body"]);
    expect(body.error.message).toMatch(/Invalid field "1400\.mapping"/);

    const cut = path.join(dir, "cut.json");
    const whole = await writeLargeChatGptExport(cut, { conversations: 1_500, messages: 6 });
    await truncate(cut, whole - 5_000);
    const cutRes = await postFile(cut, whole - 5_000);
    const cutBody = (await cutRes.json()) as { error: { code: string; message: string } };
    expect([cutRes.status, cutBody.error.code, cutBody.error.message]).toEqual([400, "bad_json", "The file is not valid JSON."]);

    // Past the cap, counted while it is received: the spool goes too.
    process.env.MAX_IMPORT_BYTES = String(MB);
    resetConfigForTests();
    const over = await postFile(cut, whole - 5_000);
    expect([over.status, ((await over.json()) as { error: { code: string } }).error.code]).toEqual([413, "too_large"]);
    delete process.env.MAX_IMPORT_BYTES;
    resetConfigForTests();

    expect({ threads: await env.db.thread.count(), messages: await env.db.message.count() }).toEqual(before);
    expect(await spools()).toEqual(spooledBefore);
  }, 120_000);
});
