/**
 * Shapes shared by the context core. They are structural on purpose so the
 * AI SDK `UIMessage` (plus our `runStart` flag) fits without adapters, and so
 * the pure functions can be exercised with bare objects in tests.
 */

export type MessageRole = "user" | "assistant" | "system";

export type StoredPart = {
  type: string;
  text?: string;
  [key: string]: unknown;
};

/** What the pure core needs of a message; callers pass their own richer type (e.g. MessageRow). */
export type TranscriptMessage = {
  id: string;
  role: MessageRole;
  parts: StoredPart[];
  /** Set on the message that opened a scheduled routine run. */
  runStart?: boolean;
};

/**
 * A saved summary of everything before `cutMessageId`. `floorMessageId` pins
 * it to the run that was current when it was written (null outside routines),
 * so a new run invalidates it.
 */
export type SummaryRef = {
  cutMessageId: string;
  floorMessageId: string | null;
};

export type StoredSummary = SummaryRef & { text: string };

export type RecentSpan = { cutMessageId: string };
