import { describe, expect, it } from "vitest";
import { putFileSchema, resolveGet, resolvePost } from "@/lib/workspace/http";

const q = (s = "") => new URLSearchParams(s);

describe("file route resolution", () => {
  it("reads a file, an old version, or the history", () => {
    expect(resolveGet(["plans", "migration.md"], q())).toEqual({ kind: "file", path: "plans/migration.md" });
    expect(resolveGet(["notes.md"], q("version=3"))).toEqual({ kind: "version", path: "notes.md", version: 3 });
    expect(resolveGet(["notes.md", "versions"], q("limit=5"))).toEqual({ kind: "versions", path: "notes.md", before: undefined, limit: 5 });
    expect(resolveGet(["notes.md"], q("view=versions&before=4"))).toEqual({
      kind: "versions",
      path: "notes.md",
      before: 4,
      limit: undefined,
    });
  });

  it("reaches a file literally named versions", () => {
    expect(resolveGet(["docs", "versions"], q("view=file"))).toEqual({ kind: "file", path: "docs/versions" });
    expect(resolveGet(["versions"], q())).toEqual({ kind: "file", path: "versions" });
  });

  it("rejects bad query parameters", () => {
    expect(() => resolveGet(["a"], q("version=0"))).toThrow(/positive integer/);
    expect(() => resolveGet(["a"], q("version=abc"))).toThrow(/positive integer/);
    expect(() => resolveGet(["a"], q("view=raw"))).toThrow(/"view"/);
  });

  it("routes POST to rename or restore", () => {
    expect(resolvePost(["a.md"], q("action=rename"))).toEqual({ kind: "rename", path: "a.md" });
    expect(resolvePost(["a.md", "restore"], q())).toEqual({ kind: "restore", path: "a.md" });
    expect(resolvePost(["dir", "restore"], q("action=restore"))).toEqual({ kind: "restore", path: "dir/restore" });
    expect(() => resolvePost(["a.md"], q())).toThrow(/action=rename/);
    expect(() => resolvePost(["a.md"], q("action=zap"))).toThrow(/"action"/);
  });

  it("requires baseVersion on PUT (null to create)", () => {
    expect(putFileSchema.safeParse({ content: "x" }).success).toBe(false);
    expect(putFileSchema.safeParse({ content: "x", baseVersion: null }).success).toBe(true);
    expect(putFileSchema.safeParse({ content: "x", baseVersion: 0 }).success).toBe(false);
  });
});
