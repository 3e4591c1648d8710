import Database from "better-sqlite3";
import { expect, request as newRequest, test } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";
import { exchange, ordinaryRequest, type RawAnswer } from "../support/raw-http";
import { API_CSP, COMMON_HEADERS } from "../../lib/http/common-headers.mjs";

// Issue 43, items 4 and 5, against the production build behind scripts/serve.mjs: transport-level
// refusals are JSON errors with the API's security headers that an ordinary client reads, never a
// reset; slow clients are cut off within a bound; the server listens where HOSTNAME says, and by
// default on loopback only.

const PORT = Number(process.env.E2E_PORT ?? 3471);
const MAIN = `http://127.0.0.1:${PORT}`;
const SLOW_PORT = PORT + 30; // small timeouts, HOSTNAME=127.0.0.2
const DEFAULT_PORT = PORT + 31; // HOSTNAME unset
const HEADERS_MS = 1000;
const REQUEST_MS = 2000;
const MB = 1024 * 1024;

const users = () => {
  const db = new Database(`test-data/e2e-${PORT}.db`, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM "User"`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

function expectJsonError(answer: RawAnswer, status: number, code: string, what: string) {
  expect(answer.error, `${what}: no reset`).toBeNull();
  expect(answer.status, what).toBe(status);
  expect(answer.headers["content-type"], what).toBe("application/json");
  expect(answer.headers["content-security-policy"], what).toBe(API_CSP);
  for (const { key, value } of COMMON_HEADERS) expect(answer.headers[key.toLowerCase()], `${what}: ${key}`).toBe(value);
  expect(JSON.parse(answer.body), what).toEqual({ error: { code, message: expect.any(String) } });
}

/** An ordinary Node client sending `body` to the main server and reading the answer while it sends. */
const send = (method: string, path: string, body: Buffer, headers: Record<string, string>) =>
  ordinaryRequest({ port: PORT, method, path, body, headers: { "content-type": "application/json", origin: MAIN, ...headers } });

test("a 5 MB body is answered with a JSON 413 an ordinary client reads, declared or chunked, kept alive or closed, before any session code runs", async () => {
  const before = users();
  const huge = Buffer.from(JSON.stringify({ title: "x".repeat(5 * MB) }));
  for (const [what, headers] of [
    ["declared, Connection: close", { "content-length": String(huge.length), connection: "close" }],
    ["declared, keep-alive", { "content-length": String(huge.length) }],
    ["chunked, Connection: close", { "transfer-encoding": "chunked", connection: "close" }],
  ] as const) {
    expectJsonError(await send("POST", "/api/threads", huge, headers), 413, "too_large", `POST /api/threads ${what}`);
  }
  expect(users()).toBe(before);
  // Larger than the route takes (4 KB), smaller than any route takes: the route's own 413, still read to the end.
  const over = Buffer.from(JSON.stringify({ title: "x".repeat(200_000) }));
  expectJsonError(
    await send("POST", "/api/threads", over, { "content-length": String(over.length), connection: "close" }),
    413,
    "too_large",
    "over the route's cap",
  );
});

test("a body up to the largest any route takes still reaches its route", async () => {
  const api = await newRequest.newContext({ baseURL: MAIN });
  const { id } = await (await api.post("/api/threads")).json();
  const content = "a".repeat(250 * 1024); // MAX_FILE_BYTES is 256 KB
  const put = await api.put(`/api/threads/${id}/files/big.md`, { data: { content, baseVersion: null } });
  expect(put.status()).toBe(201);
  // JSON-escaped, the largest file is about 1.5 MB of body: past the 1 MB that server actions take.
  const escaped = "\u0001".repeat(200 * 1024);
  const put2 = await api.put(`/api/threads/${id}/files/escaped.md`, { data: { content: escaped, baseVersion: null } });
  expect(put2.status()).toBe(201);
  expect((await (await api.get(`/api/threads/${id}/files/escaped.md`)).json()).file.content).toBe(escaped);
  await api.dispose();
});

test("a 100 KB URL is a JSON 414 and oversized headers a JSON 431, with the security headers", async () => {
  const before = users();
  for (const path of [`/api/threads/${"a".repeat(100 * 1024)}`, `/t/${"a".repeat(10 * 1024)}`]) {
    const answer = await exchange({ port: PORT, head: `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close` });
    expectJsonError(answer, 414, "url_too_long", `a URL of ${path.length} bytes`);
  }
  const cookie = `Cookie: lrc_session=${"c".repeat(20 * 1024)}`;
  const answer = await exchange({
    port: PORT,
    head: `POST /api/threads HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n${cookie}\r\nContent-Length: 2`,
    body: "{}",
  });
  expectJsonError(answer, 431, "headers_too_large", "20 KB of cookie");
  expect(users()).toBe(before);
});

test.describe("a server with small HTTP timeouts, listening on HOSTNAME=127.0.0.2", () => {
  let servers: Servers | null = null;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    servers = await startServers({
      ports: [SLOW_PORT],
      host: "127.0.0.2",
      databaseUrl: freshSqliteUrl(`front-slow-${SLOW_PORT}`),
      env: { HOSTNAME: "127.0.0.2", HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS) },
    });
  });
  test.afterAll(async () => servers?.stop());

  test("listens there and nowhere else", async () => {
    expect((await fetch(`http://127.0.0.2:${SLOW_PORT}/api/model`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${SLOW_PORT}/api/model`)).rejects.toThrow();
  });

  test("a client that drips its body, or its headers, or sends nothing, gets a JSON 408 and is disconnected within a second of the bound", async () => {
    const cases = [
      [
        "a body",
        `POST /api/threads HTTP/1.1\r\nHost: 127.0.0.2:${SLOW_PORT}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
        REQUEST_MS,
      ],
      ["headers", `POST /api/threads HTTP/1.1\r\nHost: 127.0.0.2:${SLOW_PORT}\r\nX-Slow: a`, HEADERS_MS],
      ["nothing", "", HEADERS_MS],
    ] as const;
    for (const [what, head, bound] of cases) {
      const answer = await exchange({
        port: SLOW_PORT,
        host: "127.0.0.2",
        head,
        endHead: false,
        drip: head ? { everyMs: 100 } : undefined,
        timeoutMs: 15_000,
      });
      expectJsonError(answer, 408, "request_timeout", `dripping ${what}`);
      expect(answer.ms, what).toBeGreaterThanOrEqual(bound - 100);
      expect(answer.ms, what).toBeLessThan(bound + 1000);
    }
  });

  test("a reply that streams for longer than the request timeout is not cut", async () => {
    const api = await newRequest.newContext({ baseURL: `http://127.0.0.2:${SLOW_PORT}` });
    const { id } = await (await api.post("/api/threads")).json();
    const started = Date.now();
    // The offline model streams "long 60" at 10 ms a line at least: longer than REQUEST_MS.
    const chat = await api.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text: "long 60" }] } } });
    const text = (await chat.body()).toString();
    expect(chat.status()).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(REQUEST_MS);
    expect(text).toContain('"type":"finish"');
    await api.dispose();
  });
});

test.describe("a server started without HOSTNAME", () => {
  let servers: Servers | null = null;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    servers = await startServers({
      ports: [DEFAULT_PORT],
      databaseUrl: freshSqliteUrl(`front-default-${DEFAULT_PORT}`),
      env: { HOSTNAME: "" },
    });
  });
  test.afterAll(async () => servers?.stop());

  test("listens on this machine's loopback only, not on every interface", async () => {
    expect((await fetch(`http://127.0.0.1:${DEFAULT_PORT}/api/model`)).status).toBe(200);
    expect((await fetch(`http://localhost:${DEFAULT_PORT}/api/model`)).status).toBe(200);
    // A server on every interface (0.0.0.0) answers on any local address, 127.0.0.2 included.
    await expect(fetch(`http://127.0.0.2:${DEFAULT_PORT}/api/model`)).rejects.toThrow();
  });
});
