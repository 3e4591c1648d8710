import { describe, expect, it } from "vitest";
import { keptNames } from "@/components/context/receipt-links";

describe("keptNames", () => {
  it("lists each path, URL and identifier the summary carries once, wherever it sits", () => {
    const summary = [
      "## Goal",
      "Migrate `getAccount` callers.",
      "## Files produced",
      "- src/api/accounts.ts",
      "## Names and paths",
      "- `src/api/accounts.ts`",
      "- getAccountHandler",
      "- https://staging.example.com/app",
    ].join("\n");
    const names = keptNames(summary);
    expect(names).toEqual(
      expect.arrayContaining(["getAccount", "src/api/accounts.ts", "getAccountHandler", "https://staging.example.com/app"]),
    );
    expect(names).toHaveLength(new Set(names).size);
    expect(keptNames("## Goal\nNothing named here.")).toEqual([]);
  });
});
