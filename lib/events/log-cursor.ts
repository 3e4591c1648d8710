/*
 * Where an instance's poll of the change log stands (the path without Redis). Ids are handed out
 * when a row is inserted but become visible when its transaction commits, so on PostgreSQL id 8
 * can appear after id 9 was read. The cursor therefore keeps a floor (every id at or below it was
 * read or given up on) plus the ids above it already fanned out; a missing id holds the floor for
 * up to `gapWaitMs`, then counts as a rolled-back insert. Pure: the caller passes the clock.
 */

export type LogCursor = {
  /** Every id <= floor has been fanned out or given up on; the next poll reads ids > floor. */
  floor: number;
  /** Ids above the floor already fanned out. */
  seen: ReadonlySet<number>;
  /** The missing id just above the floor, and since when it has been missing. */
  gap: { id: number; since: number } | null;
};

export const startCursor = (floor: number): LogCursor => ({ floor, seen: new Set(), gap: null });

/**
 * Takes one poll's ids (any order, possibly some already seen) and returns the ids to fan out now
 * and the cursor after them.
 */
export function advanceCursor(
  cursor: LogCursor,
  ids: readonly number[],
  now: number,
  gapWaitMs: number,
): { fresh: number[]; cursor: LogCursor } {
  const seen = new Set(cursor.seen);
  const fresh: number[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    if (id <= cursor.floor || seen.has(id)) continue;
    seen.add(id);
    fresh.push(id);
  }
  let floor = cursor.floor;
  let gap = cursor.gap;
  for (;;) {
    if (seen.delete(floor + 1)) {
      floor += 1;
      continue;
    }
    if (seen.size === 0) {
      gap = null;
      break;
    }
    // Something above the floor arrived while floor + 1 did not (yet).
    const missing = floor + 1;
    if (gap?.id !== missing) gap = { id: missing, since: now };
    if (now - gap.since < gapWaitMs) break;
    floor = missing; // waited long enough: a rolled-back insert, or a sequence that skipped
    gap = null;
  }
  return { fresh, cursor: { floor, seen, gap } };
}
