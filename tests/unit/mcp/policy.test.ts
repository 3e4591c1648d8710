import { describe, expect, it } from "vitest";
import type { McpToolAnnotations as McpAnnotations } from "@ai-sdk/mcp";
import { defaultMcpMode, mcpToolApproval } from "@/lib/mcp/policy";

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;
const VALUES = [true, false, undefined] as const;

/** Every combination of the four hints, each true, false or absent (81), and no annotations at all. */
function everyAnnotation(): Array<McpAnnotations | undefined> {
  let out: McpAnnotations[] = [{}];
  for (const hint of HINTS) out = out.flatMap((a) => VALUES.map((v) => (v === undefined ? a : { ...a, [hint]: v })));
  return [undefined, ...out];
}

describe("MCP approval policy", () => {
  it("runs without asking only a trusted server's tool that says readOnlyHint: true; everything else asks", () => {
    const combos = everyAnnotation();
    expect(combos).toHaveLength(82);
    for (const trusted of [true, false]) {
      for (const annotations of combos) {
        const expected = trusted && annotations?.readOnlyHint === true ? "allow" : "ask";
        expect({ trusted, annotations, mode: defaultMcpMode({ trusted }, annotations) }).toEqual({ trusted, annotations, mode: expected });
      }
    }
  });

  it("holds a trusted tool that is read-only in name only (readOnlyHint not literally true)", () => {
    const loose = { readOnlyHint: "true" } as unknown as McpAnnotations;
    expect(defaultMcpMode({ trusted: true }, loose)).toBe("ask");
  });

  it("maps modes to the AI SDK's approval statuses, saying why a call waits or is refused", () => {
    const entry = (server: string, trusted: boolean, tool: string) => ({
      name: `${server}__${tool}`,
      server,
      trusted,
      tool,
      annotations: undefined,
    });
    const approval = mcpToolApproval(
      [entry("web", false, "lookup"), entry("web", true, "drop"), entry("web", true, "wipe"), entry("web", true, "read")],
      new Map([
        ["web__wipe", "never" as const],
        ["web__read", "allow" as const],
      ]),
    );
    expect(approval.web__lookup).toEqual({ type: "user-approval", reason: expect.stringMatching(/not marked server "web" trusted/) });
    expect(approval.web__drop).toEqual({ type: "user-approval", reason: expect.stringMatching(/does not mark it read-only/) });
    expect(approval.web__wipe).toEqual({ type: "denied", reason: expect.stringMatching(/never allows tool "wipe" of MCP server "web"/) });
    expect(approval.web__read).toBe("not-applicable");
  });

  it("lets the thread's choice override the default either way", () => {
    const entries = [
      { name: "web__lookup", server: "web", trusted: true, tool: "lookup", annotations: { readOnlyHint: true } },
      { name: "web__drop", server: "web", trusted: true, tool: "drop", annotations: { destructiveHint: true } },
      { name: "web__other", server: "web", trusted: true, tool: "other", annotations: undefined },
    ];
    const chosen = new Map([
      ["web__lookup", "never" as const],
      ["web__drop", "allow" as const],
    ]);
    const approval = mcpToolApproval(entries, chosen);
    expect(approval.web__lookup).toMatchObject({ type: "denied" });
    expect(approval.web__drop).toBe("not-applicable");
    expect(approval.web__other).toMatchObject({ type: "user-approval" });
  });
});
