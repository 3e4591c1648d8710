import { describe, expect, it } from "vitest";
import { mcpToolName } from "@/lib/mcp/names";

describe("mcpToolName", () => {
  it("prefixes the server, so two servers' search tools never collide", () => {
    expect(mcpToolName("github", "search")).toBe("github__search");
    expect(mcpToolName("docs", "search")).toBe("docs__search");
  });

  it("makes any MCP tool name a valid provider tool name", () => {
    expect(mcpToolName("fs", "files.read/all")).toBe("fs__files_read_all");
    for (const name of [mcpToolName("fs", "x".repeat(128)), mcpToolName("a-very-long-server-name1", "y.".repeat(60))]) {
      expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    }
  });

  it("keeps two long names that share their first 64 characters apart", () => {
    const a = mcpToolName("fs", `${"x".repeat(70)}_one`);
    const b = mcpToolName("fs", `${"x".repeat(70)}_two`);
    expect(a).not.toBe(b);
    expect(a.startsWith("fs__xxxx")).toBe(true);
    expect(mcpToolName("fs", `${"x".repeat(70)}_one`)).toBe(a);
  });
});
