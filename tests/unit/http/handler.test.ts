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
      code: "invalid_body", status: 400, message: expect.stringContaining('"title"'),
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
