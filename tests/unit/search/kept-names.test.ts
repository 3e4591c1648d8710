import { describe, expect, it } from "vitest";
import { keptNames } from "@/components/context/receipt-links";

describe("keptNames", () => {
  it("reads the bullets of the summary's Names and paths section only, without backticks", () => {
    const summary = [
      "## Goal",
      "- migrate `getAccount`",
      "## Names and paths",
      "- `src/api/accounts.ts`",
      "- getAccountHandler",
      "- https://staging.example.com/app",
      "- getAccountHandler",
      "## Open items",
      "- nothing here",
    ].join("\n");
    expect(keptNames(summary)).toEqual(["src/api/accounts.ts", "getAccountHandler", "https://staging.example.com/app"]);
    expect(keptNames("## Names and paths\n- (none)")).toEqual([]);
    expect(keptNames("no sections")).toEqual([]);
  });
});
