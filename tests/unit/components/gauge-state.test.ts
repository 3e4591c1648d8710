import { describe, expect, it } from "vitest";
import { gaugeState } from "@/components/context/gauge-state";

const base = { used: 400, next: 400, threshold: 600, contextWindow: 6000, compacting: false };

describe("context gauge state", () => {
  it("is neutral below the threshold", () => {
    expect(gaugeState(base)).toEqual({ tone: "neutral", word: "" });
  });

  it("says compacting while a compaction runs past the threshold, not red", () => {
    expect(gaugeState({ ...base, used: 804, next: 804, compacting: true })).toEqual({ tone: "compacting", word: "compacting…" });
  });

  it("says a summary is due past the threshold when none runs yet", () => {
    expect(gaugeState({ ...base, used: 804, next: 804 })).toEqual({ tone: "due", word: "summary due" });
  });

  it("is red only when the next request would not fit the window, compacting or not", () => {
    expect(gaugeState({ ...base, used: 5000, next: 6001 }).tone).toBe("overflow");
    expect(gaugeState({ ...base, used: 5000, next: 6001, compacting: true }).tone).toBe("overflow");
    expect(gaugeState({ ...base, used: 5999, next: 6000 }).tone).toBe("due");
  });

  it("never says red for a model whose window is unknown", () => {
    expect(gaugeState({ ...base, used: 10_000_000, next: 10_000_000, contextWindow: null }).tone).toBe("due");
  });
});
