import { callSummarizer as appSummarizer } from "../../lib/compaction/summarize";

/*
 * The test version of lib/compaction/summarize.ts (tests/support/test-modules.mjs): the app's
 * summarizer, unless a test plays another one for the length of some work (a lossy or failing
 * model, one that pauses so the test can change the thread before the save).
 */

type Summarize = typeof appSummarizer;

/** The app's summarizer, for a substitute that wraps it. */
export const realSummarizer: Summarize = appSummarizer;

let substitute: Summarize | null = null;

export const callSummarizer: Summarize = (...args) => (substitute ?? appSummarizer)(...args);

/** Runs `work` with `summarize` as the summarizer of every compaction in this process. */
export async function withSummarizer<T>(summarize: Summarize, work: () => Promise<T>): Promise<T> {
  substitute = summarize;
  try {
    return await work();
  } finally {
    substitute = null;
  }
}

/** A summarizer that gives the app's summary, then waits for `pause` before the compaction saves it. */
export const summarizeThen =
  (pause: () => Promise<void>): Summarize =>
  async (...args) => {
    const result = await appSummarizer(...args);
    await pause();
    return result;
  };
