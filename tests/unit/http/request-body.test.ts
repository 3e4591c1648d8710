import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { hasBody, readBody, requestWithBody } from "../../../scripts/request-body.mjs";
import { exchange } from "../../support/raw-http";

// The server in front of Next reads a body whole, up to a limit, and gives Next a request with
// that body: whatever a route then does with it (stop reading halfway, destroy it), the client gets
// the route's answer on an intact connection.

let server: http.Server | undefined;

async function serve(handler: http.RequestListener): Promise<number> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** What readBody gave, as the answer's body. */
const reporting =
  (limit: number): http.RequestListener =>
  async (req, res) => {
    const body = await readBody(req, limit);
    res.end(body === null ? "null" : typeof body === "string" ? body : `bytes:${body.toString()}`);
  };

describe("readBody", () => {
  it("gives the whole body, declared or chunked", async () => {
    const port = await serve(reporting(100));
    const declared = await exchange({ port, head: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close", body: "hello" });
    expect(declared.body).toBe("bytes:hello");
    const chunked = await exchange({
      port,
      head: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close",
      body: "3\r\nhel\r\n2\r\nlo\r\n0\r\n\r\n",
    });
    expect(chunked.body).toBe("bytes:hello");
  });

  it("is too large when the declared length passes the limit, before a byte is read", async () => {
    const port = await serve(reporting(100));
    // No byte of the body is ever sent: waiting for it would never answer.
    const answer = await exchange({
      port,
      head: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\nConnection: close",
      timeoutMs: 2000,
    });
    expect(answer.body).toBe("too large");
  });

  it("is too large as soon as a chunked body passes the limit", async () => {
    const port = await serve(reporting(100));
    const chunk = "a".repeat(60);
    const answer = await exchange({
      port,
      head: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close",
      body: `3c\r\n${chunk}\r\n3c\r\n${chunk}\r\n`, // 120 bytes, and the body never ends
    });
    expect(answer.body).toBe("too large");
  });

  it("is null when the client goes away before its body is complete", async () => {
    let result: unknown;
    const done = new Promise<void>((resolve) => {
      void serve(async (req) => {
        result = await readBody(req, 100);
        resolve();
      }).then((port) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nhalf");
          setTimeout(() => socket.destroy(), 50);
        });
      });
    });
    await done;
    expect(result).toBeNull();
  });
});

describe("hasBody", () => {
  it("is true for a declared length or a chunked body, false otherwise", () => {
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as http.IncomingMessage;
    expect(hasBody(req({ "content-length": "3" }))).toBe(true);
    expect(hasBody(req({ "transfer-encoding": "chunked" }))).toBe(true);
    expect(hasBody(req({ "content-length": "0" }))).toBe(false);
    expect(hasBody(req({}))).toBe(false);
  });
});

describe("requestWithBody", () => {
  it("carries the head and the body, read as a stream", async () => {
    const port = await serve(async (req, res) => {
      const copy = requestWithBody(req, (await readBody(req, 100)) as Buffer);
      let text = "";
      for await (const chunk of copy) text += chunk;
      res.end(JSON.stringify({ method: copy.method, url: copy.url, header: copy.headers["x-test"], complete: copy.complete, text }));
    });
    const answer = await exchange({
      port,
      head: "PUT /a?b=1 HTTP/1.1\r\nHost: x\r\nX-Test: yes\r\nContent-Length: 5\r\nConnection: close",
      body: "hello",
    });
    expect(JSON.parse(answer.body)).toEqual({ method: "PUT", url: "/a?b=1", header: "yes", complete: true, text: "hello" });
  });

  it("destroyed by a route that stopped reading, leaves the connection to the route's answer and the next request", async () => {
    const port = await serve(async (req, res) => {
      const copy = requestWithBody(req, (await readBody(req, 100)) as Buffer);
      copy.destroy(); // what Next does with a body it stops reading (an early 413)
      res.end("answered");
    });
    const socket = net.connect(port, "127.0.0.1");
    const answers: string[] = [];
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk;
      const matches = data.match(/answered/g) ?? [];
      if (matches.length > answers.length) answers.push("answered");
    });
    const request = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello";
    socket.write(request);
    await expect.poll(() => answers.length).toBe(1);
    socket.write(request);
    await expect.poll(() => answers.length).toBe(2);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});
