/**
 * What the context gauge says, from the numbers alone. Crossing the compaction threshold is the
 * design working, not an error: the gauge stays calm there and says a summary is on its way; red
 * is kept for the one case that fails, a next request larger than the model's window.
 */
export type GaugeTone = "neutral" | "due" | "compacting" | "overflow";

export type GaugeInput = {
  /** Input tokens the gauge shows (the last request's, or the next one's right after a compaction). */
  used: number;
  /** Tokens the next request would send. */
  next: number;
  /** Compaction starts at this many input tokens. */
  threshold: number;
  /** The model's context window; null when the server cannot know it. */
  contextWindow: number | null;
  /** A compaction is running now. */
  compacting: boolean;
};

export type GaugeState = { tone: GaugeTone; /** Shown beside the numbers; empty below the threshold. */ word: string };

export function gaugeState({ used, next, threshold, contextWindow, compacting }: GaugeInput): GaugeState {
  if (contextWindow !== null && next > contextWindow) return { tone: "overflow", word: "too large for the model" };
  if (compacting) return { tone: "compacting", word: "compacting…" };
  if (used >= threshold) return { tone: "due", word: "summary due" };
  return { tone: "neutral", word: "" };
}
