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
  namesFiled: number | null;
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
  /** "a new routine run started" or "an edit or retry removed the cut message". */
  staleReason: string | null;
  window: { cutMessageId: string } | null;
  retainedMessages: number;
  firstRetainedMessageId: string | null;
  tokens: { system: number; summary: number; messages: number; total: number };
  thresholds: { recentTokens: number; compactAtInputTokens: number; summaryMaxTokens: number; contextWindow: number | null };
  pins: { budgetTokens: number; count: number; tokens: number; sent: PinInfo[]; overBudget: PinInfo[] };
  calls: CallInfo[];
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

export type PinInfo = { id: string; seq: number; role: string; tokens: number; pinnedAt: string };

export type CallInfo = {
  id: string;
  inputTokens: number | null;
  cacheReadTokens: number | null;
  outputTokens: number | null;
  finishReason: string | null;
  windowApplied: boolean;
  createdAt: string;
};
