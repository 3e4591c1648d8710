import { describe, expect, it } from "vitest";
import { firstScreen } from "@/components/chat/first-screen";

const msgs = (lengths: number[]) => lengths.map((n, i) => ({ id: `m${i}`, text: "x".repeat(n) }));

describe("firstScreen", () => {
  it("takes the newest messages, newest first, until about a screenful of text", () => {
    expect(firstScreen(msgs([900, 900, 900, 900, 900, 900])).map((m) => m.id)).toEqual(["m5", "m4", "m3", "m2", "m1"]);
  });

  it("keeps the newest message even when it alone is longer than a screen", () => {
    expect(firstScreen(msgs([10, 50_000])).map((m) => m.id)).toEqual(["m1"]);
  });

  it("stops at twelve short messages", () => {
    expect(firstScreen(msgs(Array(40).fill(5)))).toHaveLength(12);
    expect(firstScreen([])).toEqual([]);
  });
});
