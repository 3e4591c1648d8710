import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { AppError } from "@/lib/errors";

const ctx = { params: Promise.resolve({}) };
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://x/api", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("handler", () => {
  it("maps typed errors to their status and code", async () => {
    const res = await handler(async () => {
      throw new AppError("not_found", "Thread not found");
    })(post("{}"), ctx);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Thread not found" } });
  });

  it("answers a database failure with a generic 500 and logs the details server-side only", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const dbError = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"), { code: "P1001" });
    const res = await handler(async () => {
      throw dbError;
    })(post("{}"), ctx);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.code).toBe("internal");
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect(JSON.stringify(body)).not.toContain("ECONNREFUSED");
    expect(log).toHaveBeenCalledWith("[internal error]", dbError);
    log.mockRestore();
  });
});

describe("parseBody", () => {
  const schema = z.object({ title: z.string().min(1), count: z.number().int().optional() });

  it("rejects malformed JSON with bad_json", async () => {
    await expect(parseBody(post("{nope"), schema, 1000)).rejects.toMatchObject({ code: "bad_json", status: 400 });
  });

  it("names the failing field", async () => {
    await expect(parseBody(post(JSON.stringify({ title: "" })), schema, 1000)).rejects.toMatchObject({
      code: "invalid_body",
      status: 400,
      message: expect.stringContaining('"title"'),
    });
    await expect(parseBody(post(JSON.stringify({ title: "a", count: 1.5 })), schema, 1000)).rejects.toMatchObject({
      message: expect.stringContaining('"count"'),
    });
  });

  it("caps the size by declared length and by actual bytes", async () => {
    await expect(parseBody(post("{}", { "content-length": "5000" }), schema, 1000)).rejects.toMatchObject({ status: 413 });
    const big = JSON.stringify({ title: "é".repeat(600) }); // 1,200+ bytes, fewer characters
    await expect(parseBody(post(big), schema, 1000)).rejects.toMatchObject({ status: 413 });
  });

  it("stops reading a streamed body without a length once it passes the cap", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("x".repeat(512)));
      },
    });
    const req = new Request("http://x/api", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    await expect(parseBody(req, schema, 1000)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(10);
  });

  it("returns the parsed value", async () => {
    await expect(parseBody(post(JSON.stringify({ title: "ok", count: 2 })), schema, 1000)).resolves.toEqual({ title: "ok", count: 2 });
  });
});

describe("handler gate", () => {
  const ok = handler(async () => new Response("ok"));
  const req = (method: string, headers: Record<string, string>, body?: string) =>
    new Request("http://127.0.0.1:3000/api/threads", { method, headers: { host: "127.0.0.1:3000", ...headers }, body });

  it("refuses a cross-site write with 403 before the route runs, and lets reads through", async () => {
    let ran = false;
    const route = handler(async () => {
      ran = true;
      return new Response("ok");
    });
    const res = await route(req("POST", { origin: "http://evil.test", "content-type": "application/json" }, "{}"), ctx);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
    expect(ran).toBe(false);
    expect((await route(req("GET", { origin: "http://evil.test" }), ctx)).status).toBe(200);
  });

  it("refuses a same-origin form post with 415", async () => {
    const res = await ok(req("POST", { origin: "http://127.0.0.1:3000", "content-type": "application/x-www-form-urlencoded" }, "a=b"), ctx);
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe("unsupported_media_type");
  });

  it("an id param that cannot be an id is a 404 before any query", async () => {
    const route = handler<{ id: string }>(async () => new Response("ran"));
    for (const id of ["a\u0000b", "x".repeat(65), "a b", "a\ud800"]) {
      const res = await route(req("GET", {}), { params: Promise.resolve({ id }) });
      expect(res.status, JSON.stringify(id)).toBe(404);
    }
  });

  it("a 429 carries Retry-After", async () => {
    const res = await handler(async () => {
      throw new AppError("rate_limited", "slow down", { retryAfterSeconds: 7 });
    })(req("GET", {}), ctx);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect((await res.json()).error.retryAfterSeconds).toBe(7);
  });
});

describe("parseBody: encodings", () => {
  const schema = z.object({ title: z.string() }).strict();
  it("refuses invalid UTF-8 instead of replacing it", async () => {
    const bad = new Request("http://x/api", {
      method: "POST",
      body: new Uint8Array([0x7b, 0x22, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    });
    await expect(parseBody(bad, schema, 1000)).rejects.toMatchObject({ code: "bad_json" });
  });

  it("reads an optional chunked body by its bytes, not its Content-Length", async () => {
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"title":"chunked"}'));
        c.close();
      },
    });
    const chunked = new Request("http://x/api", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await parseBody(chunked, schema.partial(), 1000, { optional: true })).toEqual({ title: "chunked" });
    expect(await parseBody(new Request("http://x/api", { method: "POST" }), schema.partial(), 1000, { optional: true })).toEqual({});
  });
});
