import { describe, expect, it } from "vitest";
import type { McpToolAnnotations as McpAnnotations } from "@ai-sdk/mcp";
import { decideMcpCall } from "@/lib/mcp/policy";

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;
const VALUES = [true, false, undefined] as const;

/** Every combination of the four hints, each true, false or absent (81), and no annotations at all. */
function everyAnnotation(): Array<McpAnnotations | undefined> {
  let out: McpAnnotations[] = [{}];
  for (const hint of HINTS) out = out.flatMap((a) => VALUES.map((v) => (v === undefined ? a : { ...a, [hint]: v })));
  return [undefined, ...out];
}

describe("decideMcpCall", () => {
  it("runs only a trusted server's tool that says readOnlyHint: true, whatever its other hints", () => {
    const combos = everyAnnotation();
    expect(combos).toHaveLength(82);
    for (const trusted of [true, false]) {
      for (const annotations of combos) {
        const decision = decideMcpCall({ name: "files", trusted }, annotations);
        const expected = trusted && annotations?.readOnlyHint === true;
        expect({ trusted, annotations, run: decision.run }).toEqual({ trusted, annotations, run: expected });
        if (!decision.run) {
          expect(decision.reason).toBe(trusted ? "not_read_only" : "untrusted_server");
          expect(decision.message).toContain("needs a person's approval, which this server does not ask for yet");
          expect(decision.message).toContain('server "files"');
        }
      }
    }
  });

  it("does not believe an untrusted server's read-only claim", () => {
    expect(decideMcpCall({ name: "web", trusted: false }, { readOnlyHint: true })).toMatchObject({
      run: false,
      reason: "untrusted_server",
    });
  });

  it("holds a trusted tool that is read-only in name only (readOnlyHint not literally true)", () => {
    const loose = { readOnlyHint: "true" } as unknown as McpAnnotations;
    expect(decideMcpCall({ name: "web", trusted: true }, loose)).toMatchObject({ run: false, reason: "not_read_only" });
  });
});
