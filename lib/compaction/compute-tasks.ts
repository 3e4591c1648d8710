import { fitSummary, messageSightings, missingNames, summarizerText, type NameSighting, type StoredPart } from "@/lib/context";
import { countTokens } from "@/lib/ai/tokens";
import { latestSightingsOf } from "./sightings";
import type { SpanMessage } from "./summarize-span";

/*
 * The CPU-heavy, pure steps of a compaction, on plain data so they can run on a worker thread
 * (compute.ts) as well as in the request process. Measured on 600 realistic messages: finding the
 * names takes about 1 ms a message, fitting the summary to its budget (it counts tokens line by
 * line) about 400 ms, the name guard about 50 ms; on the request event loop each is time a turn
 * of the same process waits for.
 */

/** One stored message as the span reader loads it: parts still as their JSON text. */
export type SpanRow = { seq: number; role: string; tokens: number; parts: string };

/** The summarizer's view of each message, and the names each one mentions (from the full parts). */
function digestSpan(rows: readonly SpanRow[]): { span: SpanMessage[]; sightings: NameSighting[][] } {
  const span: SpanMessage[] = [];
  const sightings: NameSighting[][] = [];
  for (const row of rows) {
    const parts = JSON.parse(row.parts) as StoredPart[];
    span.push({ role: row.role, tokens: row.tokens, text: summarizerText(parts) });
    // Names come from the full parts: the summarizer's view clips tool payloads.
    sightings.push(messageSightings({ seq: row.seq, role: row.role, parts }));
  }
  return { span, sightings };
}

function requiredNames(input: { sightings: NameSighting[][]; previous: { text: string; seq: number } | null }): NameSighting[] {
  return latestSightingsOf(input.sightings, input.previous);
}

function lostNames(input: { names: string[]; text: string }): string[] {
  return missingNames(input.names, input.text);
}

/** The summary within its budget (names that do not fit are spilled for the names file), and its size. */
function fitForSave(input: { text: string; required: NameSighting[]; maxTokens: number; fileHasEntries: boolean }) {
  const fitted = fitSummary({ ...input, count: countTokens });
  return { ...fitted, tokens: countTokens(fitted.text) };
}

export const computeTasks = {
  digestSpan,
  requiredNames,
  lostNames,
  fitForSave,
};

export type ComputeTasks = typeof computeTasks;
export type ComputeKind = keyof ComputeTasks;
