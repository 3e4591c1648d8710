import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonDepth, MAX_JSON_DEPTH } from "@/lib/http/json-depth.mjs";
import { parseBody } from "@/lib/http/parse-body";
import { storableJsonObject } from "@/lib/http/safe-text";

/** The depth by definition, recursively: fine for the small values fast-check makes. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value && typeof value === "object") return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

const post = (body: string) => new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/json" } });

describe("jsonDepth", () => {
  it("equals the nesting of any JSON value, brackets and escapes inside strings included", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonDepth(JSON.stringify(value))).toBe(depthOf(value));
      }),
    );
    expect(jsonDepth(JSON.stringify({ a: '[[{"\\"]]', b: ["\\", "}"] }))).toBe(2);
  });

  it("counts thousands of levels without recursion", () => {
    expect(jsonDepth("[".repeat(100_000) + "]".repeat(100_000))).toBe(100_000);
  });
});

describe("parseBody refuses deep nesting before any walk", () => {
  it("answers a 10 KB body nested 5,000 levels with a clear 400, not a stack overflow", async () => {
    for (const open of ["[", '{"a":']) {
      const body = `{"x":${open.repeat(5000)}1${(open === "[" ? "]" : "}").repeat(5000)}}`;
      await expect(parseBody(post(body), storableJsonObject(), 65_536)).rejects.toMatchObject({ code: "bad_json", status: 400 });
    }
  });

  it("accepts nesting up to the limit", async () => {
    const body = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
    await expect(parseBody(post(body), z.unknown(), 65_536)).resolves.toBeDefined();
    await expect(parseBody(post("[" + body + "]"), z.unknown(), 65_536)).rejects.toMatchObject({ code: "bad_json" });
  });
});
