import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";
import { ordinaryRequest } from "../support/raw-http";
import { writeLargeChatGptExport } from "../support/chatgpt-export";

// Issue 39 item 3 over real HTTP, against the production build behind scripts/serve.mjs: an import
// body streams through the front server to the route (which spools it to disk), so a ChatGPT export
// imports whole, and one past MAX_IMPORT_BYTES is a JSON 413 the client reads, declared or chunked,
// never a reset. Its own server, with a 4 MB cap, so a refused body stays within the 8 MB that is
// drained after a refusal (past that the server cuts the connection, as for every route).

const PORT = Number(process.env.E2E_PORT ?? 3471) + 35;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

let servers: Servers | undefined;
let dir = "";
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "e2e-import-stream-"));
  servers = await startServers({
    ports: [PORT],
    databaseUrl: freshSqliteUrl(`import-stream-${PORT}`),
    env: { MAX_IMPORT_BYTES: String(4 * MB), OFFLINE_DELAY_MS: "0" },
  });
});
test.afterAll(async () => {
  await servers?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** `file` as the `file` field of a multipart body, as a browser frames it. */
function multipart(file: Buffer) {
  const boundary = "----e2e-import-stream";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="conversations.json"\r\nContent-Type: application/json\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (body: Buffer, headers: Record<string, string>) =>
  ordinaryRequest({ port: PORT, method: "POST", path: "/api/import", body, headers: { origin: ORIGIN, ...headers } });

test("a 3 MB ChatGPT export streams through the front server and imports whole", async () => {
  const file = path.join(dir, "conversations.json");
  const size = await writeLargeChatGptExport(file, { conversations: 100, messages: 40 });
  expect(size).toBeGreaterThan(3 * MB);
  expect(size).toBeLessThan(4 * MB);
  const { body, contentType } = multipart(await readFile(file));
  let cookie: Record<string, string> = {};
  for (const framing of [{ "content-length": String(body.length) }, { "transfer-encoding": "chunked" }] as Record<string, string>[]) {
    const answer = await post(body, { "content-type": contentType, ...cookie, ...framing });
    expect(answer.error).toBeNull();
    const json = JSON.parse(answer.body) as { threadIds: string[]; duplicate: boolean };
    // The second sending, chunked, is the same file from the same guest: found, not copied.
    expect([answer.status, json.threadIds.length, json.duplicate]).toEqual(cookie.cookie ? [200, 100, true] : [201, 100, false]);
    const set = answer.headers["set-cookie"] as unknown as string[] | undefined;
    cookie = { cookie: (set ?? []).map((c) => c.split(";")[0]).join("; ") };
  }
});

test("past MAX_IMPORT_BYTES is a JSON 413 the client reads, declared (the front server) or chunked (the route, draining the rest)", async () => {
  const file = path.join(dir, "big.json");
  await writeLargeChatGptExport(file, { conversations: 200, messages: 40 });
  const { body, contentType } = multipart(await readFile(file));
  expect(body.length).toBeGreaterThan(6 * MB);
  expect(body.length).toBeLessThan(8 * MB);
  const framings: Record<string, string>[] = [
    { "content-length": String(body.length) },
    { "transfer-encoding": "chunked", connection: "close" },
  ];
  for (const framing of framings) {
    const answer = await post(body, { "content-type": contentType, ...framing });
    expect(answer.error, JSON.stringify(framing)).toBeNull();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: "too_large", message: expect.stringMatching(/larger than/) } });
  }
});
