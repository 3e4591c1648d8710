import { describe, expect, it } from "vitest";
import { pageQuerySchema, renameThreadSchema } from "@/lib/http/schemas";
import { storableString } from "@/lib/http/safe-text";

/** Why the app's string schema refuses `s`, or null when it takes it. */
const unstorableReason = (s: string) => storableString().safeParse(s).error?.issues[0]?.message ?? null;
import { normalizePath } from "@/lib/workspace/paths";
import { positiveIntParam, putFileSchema, restoreSchema } from "@/lib/workspace/http";

describe("storable text", () => {
  it("refuses NUL and lone surrogates, accepts any well-formed Unicode", () => {
    expect(unstorableReason("a\u0000b")).toMatch(/NUL/);
    expect(unstorableReason("a\ud800b")).toMatch(/surrogate/);
    expect(unstorableReason("\udc00")).toMatch(/surrogate/);
    expect(unstorableReason("emoji 😀, é, \u2028, tab\t")).toBeNull();
    expect(storableString().safeParse("ok").success).toBe(true);
  });

  it("titles, file contents and rename targets are refused by name, never replaced", () => {
    const title = renameThreadSchema.safeParse({ title: "x\u0000" });
    expect(title.success).toBe(false);
    expect(title.error?.issues[0].path).toEqual(["title"]);
    expect(putFileSchema.safeParse({ content: "\ud83d", baseVersion: null }).success).toBe(false);
    expect(() => normalizePath("b\ud800.md")).toThrow(expect.objectContaining({ code: "invalid_path" }));
  });
});

describe("bounded integers", () => {
  it("cursors and limits past int4 or JS precision are refused, not rounded", () => {
    for (const before of ["99999999999999999999", "2147483648", "-1", "1e3", "0x10", " 5"]) {
      expect(pageQuerySchema.safeParse({ before }).success, before).toBe(false);
    }
    expect(pageQuerySchema.parse({ before: "2147483647", limit: "200" })).toEqual({ before: "2147483647", limit: 200 });
    for (const limit of ["0", "201", "99999999999999", "1.5", "abc"])
      expect(pageQuerySchema.safeParse({ limit }).success, limit).toBe(false);
  });

  it("versions in bodies and query strings fit the database", () => {
    expect(restoreSchema.safeParse({ version: 2_147_483_648 }).success).toBe(false);
    expect(restoreSchema.safeParse({ version: 2_147_483_647 }).success).toBe(true);
    expect(() => positiveIntParam("version", "2147483648")).toThrow(expect.objectContaining({ code: "invalid_body" }));
    expect(() => positiveIntParam("version", "99999999999999999999")).toThrow();
    expect(positiveIntParam("version", "2147483647")).toBe(2_147_483_647);
  });
});
