import { describe, expect, it } from "vitest";
import { outcomeView, statusView } from "@/components/actions/action-state";

describe("action state labels", () => {
  it("tells a fresh send from a deduplicated one and names every unsettled state", () => {
    expect(outcomeView({ state: "sent", deduplicated: false }).label).toBe("sent");
    expect(outcomeView({ state: "sent", deduplicated: true }).label).toBe("deduplicated");
    expect(outcomeView({ state: "in_progress" }).label).toBe("in progress");
    expect(outcomeView({ state: "unknown" }).label).toBe("unknown");
    expect(outcomeView({ state: "needs_human" }).label).toBe("needs attention");
    expect(outcomeView({ state: "refused" }).label).toBe("refused");
    expect(statusView("needs_human").label).toBe("needs attention");
    expect(statusView("succeeded").label).toBe("sent");
    expect(statusView("failed_retryable").label).toBe("failed, retryable");
  });
});
