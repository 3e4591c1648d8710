import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countTokens } from "@/lib/ai/tokens";

describe("countTokens", () => {
  it("counts o200k tokens exactly for known strings", () => {
    // Reference values from OpenAI's o200k_base (tiktoken).
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("")).toBe(0);
    expect(countTokens("The quick brown fox jumps over the lazy dog.")).toBe(10);
  });

  it("grows with the text and is stable across calls", () => {
    const short = countTokens("one two three");
    const long = countTokens("one two three ".repeat(50));
    expect(long).toBeGreaterThan(short * 20);
    expect(countTokens("one two three")).toBe(short);
  });

  it("treats special-token strings in user text as plain text instead of throwing", () => {
    expect(() => countTokens("before <|endoftext|> after")).not.toThrow();
    expect(countTokens("before <|endoftext|> after")).toBeGreaterThan(3);
  });
});

describe("loading the encoding", () => {
  it("waits for the first count, in a process that has only imported the module", () => {
    // A fresh Node process (plain ESM through tsx, as the compaction worker runs). The tables are
    // ~20 MB of heap: a server that never counts a token must never build them, so the heap grows
    // by them at the first count and not at the import.
    const script = `
      const heapMb = () => (globalThis.gc(), process.memoryUsage().heapUsed / 1048576);
      const start = heapMb();
      const tokens = await import(${JSON.stringify(path.resolve("lib/ai/tokens.ts"))});
      const imported = heapMb();
      const count = tokens.countTokens("hello world");
      const counted = heapMb();
      console.log(JSON.stringify({ count, atImport: imported - start, atFirstCount: counted - imported }));
    `;
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    const { count, atImport, atFirstCount } = JSON.parse(out.trim().split("\n").pop()!) as Record<string, number>;
    expect(count).toBe(2);
    expect(atImport).toBeLessThan(5);
    expect(atFirstCount).toBeGreaterThan(10);
  });
});
