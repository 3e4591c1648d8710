import type { inspectContext } from "@/lib/chat/inspect";
import type { Wire } from "./wire";

type Inspected = Wire<Awaited<ReturnType<typeof inspectContext>>>;

/** What the model was sent: the system prompt and the model messages (content stays as sent). */
export type ModelInputRecord = { system: string; messages: { role: string; content: unknown }[] };

/** GET /api/threads/:id/context, derived from the server's own return type (lib/chat/inspect.ts). */
export type ContextInfo = Omit<Inspected, "lastInput"> & {
  /** Present with ?input=1 only; null when no request recorded its input yet. */
  lastInput?: ModelInputRecord | null;
};

export type CompactionReceipt = ContextInfo["compaction"]["receipts"][number];
export type ContextSummary = NonNullable<ContextInfo["summary"]>;
