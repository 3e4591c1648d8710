/** GET /api/threads/:id/context (lib/chat/inspect.ts). */
export type CompactionReceipt = {
  id: string;
  status: "running" | "saved" | "discarded" | "failed" | "skipped";
  reason: string | null;
  trigger: string;
  summaryId: string | null;
  cutMessageId: string | null;
  spanFirstId: string | null;
  spanLastId: string | null;
  tokensBefore: number | null;
  tokensAfter: number | null;
  namesKept: number | null;
  namesRepaired: string[];
  modelId: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number | null;
  startedAt: string;
  finishedAt: string | null;
};

export type ContextInfo = {
  summary: {
    id: string;
    text: string;
    cutMessageId: string;
    floorMessageId: string | null;
    createdAt: string;
    tokens: number;
    receipt: CompactionReceipt | null;
  } | null;
  summaryStale: boolean;
  window: { cutMessageId: string } | null;
  retainedMessages: number;
  firstRetainedMessageId: string | null;
  tokens: { system: number; summary: number; messages: number; total: number };
  thresholds: { recentTokens: number; compactAtInputTokens: number; contextWindow: number | null };
  model: { id: string; isOffline: boolean };
  lastCall: {
    inputTokens: number | null;
    cacheReadTokens: number | null;
    outputTokens: number | null;
    finishReason: string | null;
    error: string | null;
    createdAt: string;
    windowApplied: boolean;
    windowCutMessageId: string | null;
    windowReason: string | null;
  } | null;
  lastInput?: { system: string; messages: unknown[] } | null;
  compaction: { running: boolean; receipts: CompactionReceipt[] };
};
