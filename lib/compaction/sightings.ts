import { extractNames, latestSightings, NAMES_FILE_NOTICE, type NameSighting } from "@/lib/context";

/**
 * The names a new summary must keep: the span's (already extracted per message) and the previous
 * summary's, each with where it was last seen, newest first.
 */
export function latestSightingsOf(span: readonly NameSighting[][], previous: { text: string; seq: number } | null): NameSighting[] {
  const lists: NameSighting[][] = [...span];
  if (previous) {
    // The pointer to the names file is ours, not the conversation's.
    const text = previous.text.split(NAMES_FILE_NOTICE).join("");
    lists.unshift(extractNames(text).map((name) => ({ name, seq: previous.seq, where: `the summary before message ${previous.seq + 1}` })));
  }
  return latestSightings(...lists);
}
