import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { DRAIN_BYTES, REFUSAL_HEADERS, refusal, refusalBytes, sendRefusal } from "../../../scripts/refusal.mjs";
import { exchange, ordinaryRequest } from "../../support/raw-http";
import { API_CSP, COMMON_HEADERS } from "@/lib/http/security-headers";

// A refusal is the API's JSON error with its security headers, and a body the client is still
// sending is read to its end (up to DRAIN_BYTES) before the connection closes: an ordinary client
// reads the answer instead of ECONNRESET.

const MB = 1024 * 1024;
let server: http.Server | undefined;
/** Bytes the server read from each connection, by the time it closed. */
const readPerConnection: number[] = [];

async function refusingServer(): Promise<number> {
  server = http.createServer((req, res) => sendRefusal(req, res, refusal(413, "too_large", "Request body is larger than 4096 bytes")));
  server.on("connection", (socket) => socket.on("close", () => readPerConnection.push(socket.bytesRead)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  readPerConnection.length = 0;
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** An ordinary Node client: what it reports when it sends `size` bytes and reads the answer. */
const post = (port: number, size: number, headers: Record<string, string>) =>
  ordinaryRequest({ port, method: "POST", path: "/api/threads", headers, body: Buffer.alloc(size, "a") });

describe("sendRefusal", () => {
  it("lets a client that sends 5 MB with Connection: close read the 413, with nothing reset", async () => {
    const port = await refusingServer();
    const answer = await post(port, 5 * MB, { "content-type": "application/json", "content-length": String(5 * MB), connection: "close" });
    // No error: the client read the whole answer, and then stopped sending (it asked for the close).
    expect(answer).toMatchObject({
      status: 413,
      error: null,
      body: JSON.stringify({ error: { code: "too_large", message: "Request body is larger than 4096 bytes" } }),
    });
  });

  it("does the same for a chunked body of unknown length on a keep-alive connection", async () => {
    const port = await refusingServer();
    const answer = await post(port, 5 * MB, { "content-type": "application/json" });
    expect(answer).toMatchObject({ status: 413, error: null, body: expect.stringContaining("too_large") });
  });

  it("answers before the body arrives, and cuts a client off after DRAIN_BYTES more", async () => {
    const port = await refusingServer();
    const size = DRAIN_BYTES * 3;
    const answer = await post(port, size, { "content-type": "application/json", "content-length": String(size) });
    expect(answer).toMatchObject({ status: 413, body: expect.stringContaining("too_large") });
    expect(readPerConnection[0]).toBeLessThan(DRAIN_BYTES * 2);
  });

  it("keeps a connection without a body open for the next request", async () => {
    const port = await refusingServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; connection?: string; port?: number }>((resolve) => {
        const req = http.get({ port, host: "127.0.0.1", path: "/", agent }, (res) => {
          const localPort = req.socket?.localPort;
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection, port: localPort }));
        });
      });
    const first = await get();
    const second = await get();
    agent.destroy();
    expect(first).toMatchObject({ status: 413, connection: "keep-alive" });
    expect(second.port).toBe(first.port);
  });

  it("sends the security headers of the API, and a Content-Length", async () => {
    const port = await refusingServer();
    const answer = await exchange({ port, head: "GET / HTTP/1.1\r\nHost: x\r\nConnection: close" });
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
    expect(answer.headers["content-security-policy"]).toBe(API_CSP);
    for (const { key, value } of COMMON_HEADERS) expect(answer.headers[key.toLowerCase()], key).toBe(value);
    expect(answer.headers["content-type"]).toBe("application/json");
  });
});

describe("refusalBytes", () => {
  it("is a whole HTTP/1.1 answer that closes the connection", () => {
    const text = refusalBytes(refusal(431, "headers_too_large", "Too large."));
    const [head, body] = text.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(head).toContain("\r\nconnection: close");
    expect(head).toContain(`\r\ncontent-length: ${Buffer.byteLength(body)}`);
    for (const [key, value] of Object.entries(REFUSAL_HEADERS as Record<string, string>)) expect(head).toContain(`\r\n${key}: ${value}`);
    expect(JSON.parse(body)).toEqual({ error: { code: "headers_too_large", message: "Too large." } });
  });
});
