import { describe, expect, it } from "vitest";
import { turnErrorWords } from "@/components/chat/turn-error-words";

describe("turnErrorWords", () => {
  it("words every turn error code, and the two-tab refusal, for a person", () => {
    const codes = [
      "context_overflow",
      "rate_limited",
      "auth",
      "provider_down",
      "tool_failed",
      "interrupted",
      "internal",
      "turn_in_progress",
    ];
    const words = codes.map((c) => turnErrorWords(c));
    for (const w of words) expect(w).toMatch(/^[A-Z].*\.$/);
    expect(new Set(words).size).toBe(codes.length);
    expect(turnErrorWords("turn_in_progress")).toContain("another tab");
  });

  it("falls back to the server's sentence for a code it does not know, or none", () => {
    expect(turnErrorWords("brand_new_code", "Server says so.")).toBe("Server says so.");
    expect(turnErrorWords(null, "Server says so.")).toBe("Server says so.");
    expect(turnErrorWords(undefined)).toBeNull();
  });
});
