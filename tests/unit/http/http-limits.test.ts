import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { clientErrorHandler, httpServerOptions, MAX_HEADER_BYTES } from "../../../scripts/http-limits.mjs";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { readBody } from "../../../scripts/request-body.mjs";
import { exchange, type RawAnswer } from "../../support/raw-http";
import { API_CSP, COMMON_HEADERS } from "@/lib/http/security-headers";

// What Node's HTTP server does with requests it cannot read, or does not get in time, under the
// options and 'clientError' handler of scripts/http-limits.mjs: JSON 414, 431, 408 and 400 with the
// API's security headers, never a reset or Node's plain-text answer, and slow clients disconnected
// within a second of their bound.

const HEADERS_MS = 600;
const REQUEST_MS = 1200;
let server: http.Server | undefined;
let port = 0;

/** A server whose handler reads the body (as scripts/serve.mjs does) and answers "ok", or streams for `streamMs`. */
async function start(streamMs = 0) {
  const settings = { HTTP_HEADERS_TIMEOUT_MS: HEADERS_MS, HTTP_REQUEST_TIMEOUT_MS: REQUEST_MS };
  const responses = new WeakMap<object, http.ServerResponse>();
  server = http.createServer(httpServerOptions(settings), async (req, res) => {
    responses.set(req.socket, res);
    if ((await readBody(req, 1_000_000)) === null) return;
    if (!streamMs) return void res.end("ok");
    res.writeHead(200, { "content-type": "text/plain" });
    const timer = setInterval(() => res.write("."), 100);
    setTimeout(() => res.end(clearInterval(timer)), streamMs);
  });
  server.on("clientError", clientErrorHandler({ answered: (s: object) => Boolean(responses.get(s)?.headersSent), lingerMs: HEADERS_MS }));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

function expectJsonError(answer: RawAnswer, status: number, code: string) {
  expect(answer.error, "the connection ended cleanly").toBeNull();
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/json");
  expect(answer.headers.connection).toBe("close");
  expect(answer.headers["content-security-policy"]).toBe(API_CSP);
  for (const { key, value } of COMMON_HEADERS) expect(answer.headers[key.toLowerCase()], key).toBe(value);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

describe("httpServerOptions", () => {
  it("caps the request line and headers, and checks the timeouts at least every second", () => {
    expect(httpServerOptions({ HTTP_HEADERS_TIMEOUT_MS: 20_000, HTTP_REQUEST_TIMEOUT_MS: 60_000 })).toEqual({
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: 20_000,
      requestTimeout: 60_000,
      connectionsCheckingInterval: 1000,
    });
    expect(httpServerOptions({ HTTP_HEADERS_TIMEOUT_MS: 400, HTTP_REQUEST_TIMEOUT_MS: 300 })).toMatchObject({
      headersTimeout: 300,
      connectionsCheckingInterval: 100,
    });
  });
});

describe("the 'clientError' answers", () => {
  it("a 100 KB URL is a JSON 414, and what the client sends after the answer does not reset the connection", async () => {
    await start();
    const half = "a".repeat(50 * 1024);
    const answer = await exchange({
      port,
      head: `GET /api/threads/${half}`,
      endHead: false,
      body: `${half} HTTP/1.1\r\nHost: x\r\n\r\n`,
      bodyDelayMs: 100,
    });
    expectJsonError(answer, 414, "url_too_long");
  });

  it("oversized headers are a JSON 431", async () => {
    await start();
    const cookie = `Cookie: ${"c".repeat(MAX_HEADER_BYTES)}`;
    expectJsonError(await exchange({ port, head: `GET / HTTP/1.1\r\nHost: x\r\n${cookie}` }), 431, "headers_too_large");
    const many = Array.from({ length: 400 }, (_, i) => `X-H${i}: ${"v".repeat(40)}`).join("\r\n");
    expectJsonError(await exchange({ port, head: `GET / HTTP/1.1\r\nHost: x\r\n${many}` }), 431, "headers_too_large");
  });

  it("a request that is not HTTP is a JSON 400", async () => {
    await start();
    expectJsonError(await exchange({ port, head: "HELLO THERE\r\nHost: x" }), 400, "bad_request");
  });

  it("a client that sends nothing, or drips its headers, gets a JSON 408 within a second of the header timeout", async () => {
    await start();
    for (const head of ["", "POST /api/threads HTTP/1.1\r\nX-A: b"]) {
      const answer = await exchange({ port, head, endHead: false, drip: head ? { everyMs: 100 } : undefined, timeoutMs: 10_000 });
      expectJsonError(answer, 408, "request_timeout");
      expect(answer.ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      expect(answer.ms).toBeLessThan(HEADERS_MS + 1000);
    }
  });

  it("a client that drips its body gets a JSON 408 within a second of the request timeout", async () => {
    await start();
    const answer = await exchange({
      port,
      head: "POST /api/threads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000",
      drip: { everyMs: 100 },
      timeoutMs: 10_000,
    });
    expectJsonError(answer, 408, "request_timeout");
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(answer.ms).toBeLessThan(REQUEST_MS + 1000);
  });

  it("an answer that streams longer than the request timeout is not cut: the bound is on receiving the request", async () => {
    await start(REQUEST_MS * 2);
    const answer = await exchange({ port, head: "GET / HTTP/1.1\r\nHost: x\r\nConnection: close", timeoutMs: 10_000 });
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(15);
  });
});
