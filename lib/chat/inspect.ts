import { CHAT_SYSTEM_PROMPT_TOKENS } from "@/lib/ai/prompts";
import { estimateInputTokens, sumTokens } from "@/lib/context";
import { compactAtInputTokens, summaryMaxTokens } from "@/lib/compaction/budgets";
import { leaseActive } from "@/lib/compaction/lease";
import { COMPACTION_RECEIPT_STATUSES } from "@/lib/compaction/receipt-status";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { lastModelCall } from "@/lib/db/model-calls";
import { storedValue } from "@/lib/db/stored-value";
import { budgetModelOf } from "@/lib/models/thread-model";
import { readPins } from "@/lib/pins/pins";
import { withSpanSeqs } from "@/lib/search/receipt-spans";
import { recentRecalls } from "@/lib/search/recent-recalls";
import { inspectAttachments } from "./inspect-attachments";
import { loadRecentSpan } from "./recent-span";
import { runBoundFor } from "./run-bound";

const receiptSelect = {
  id: true,
  status: true,
  reason: true,
  trigger: true,
  summaryId: true,
  cutMessageId: true,
  spanFirstId: true,
  spanLastId: true,
  tokensBefore: true,
  tokensAfter: true,
  namesKept: true,
  namesRepaired: true,
  namesFiled: true,
  modelId: true,
  inputTokens: true,
  outputTokens: true,
  durationMs: true,
  startedAt: true,
  finishedAt: true,
} as const;

/** What the next request would send, and why: the data behind the context inspector. */
export async function inspectContext(threadId: string, opts: { includeInput: boolean }) {
  const model = await budgetModelOf(threadId);
  const loaded = await loadRecentSpan(threadId, { bound: runBoundFor(model) });
  const { summary, plan, pins } = loaded;
  const bounded = plan.boundedSpan ?? null;
  const tokens = estimateInputTokens({
    systemTokens: CHAT_SYSTEM_PROMPT_TOKENS,
    summaryTokens: plan.recentSpan && summary ? summary.tokens : 0,
    // Pinned messages (and a bounded span's note) ride inside the cut message's parts but are
    // counted with the messages.
    messageTokens: sumTokens(plan.messages) + (plan.recentSpan ? sumTokens(pins.included) : (bounded?.addedTokens ?? 0)),
  });
  const [last, running, receiptRows, calls, livePins, recalls, attachments] = await Promise.all([
    lastModelCall(threadId, "chat"),
    leaseActive(threadId),
    db().compaction.findMany({ where: { threadId }, orderBy: { startedAt: "desc" }, take: 10, select: receiptSelect }),
    recentCalls(threadId),
    readPins(db(), threadId),
    recentRecalls(threadId),
    inspectAttachments(threadId, plan.messages),
  ]);
  const receipts = await withSpanSeqs(receiptRows);
  const c = config();
  const receipt = summary ? (receipts.find((r) => r.summaryId === summary.id) ?? null) : null;
  return {
    summary: summary && {
      id: summary.id,
      text: summary.text,
      cutMessageId: summary.cutMessageId,
      floorMessageId: summary.floorMessageId,
      createdAt: summary.createdAt,
      tokens: summary.tokens,
      receipt: receipt && parseReceipt(receipt),
    },
    summaryStale: plan.summaryStale,
    staleReason: plan.staleReason ?? null,
    recentSpan: plan.recentSpan,
    // Without a usable summary the run would not fit: the next request sends only its recent span,
    // and the turn starts a compaction.
    boundedSpan: bounded && { cutMessageId: bounded.cutMessageId, omittedMessages: bounded.omittedMessages },
    retainedMessages: plan.messages.length,
    firstRetainedMessageId: plan.messages[0]?.id ?? null,
    tokens,
    thresholds: {
      recentTokens: c.CONTEXT_RECENT_TOKENS,
      // The effective threshold: the lower of the setting and a share of the model's window.
      compactAtInputTokens: compactAtInputTokens(c, model.contextWindow),
      summaryMaxTokens: summaryMaxTokens(c),
      contextWindow: model.contextWindow ?? null,
    },
    pins: {
      budgetTokens: c.PIN_MAX_TOKENS,
      count: livePins.pinned.length,
      tokens: livePins.tokens,
      // Pins before the cut, sent right after the summary (or over budget and left out).
      sent: pins.included.map(pinView),
      overBudget: pins.excluded.map(pinView),
    },
    // The attachments the next request carries (with their estimated tokens) and the ones it does not.
    attachments,
    calls,
    // The agent's lookups in the stored history (search_history, read_messages), newest first.
    recalls,
    model: { id: model.id, isOffline: model.isOffline },
    lastCall: last && {
      modelId: last.modelId,
      inputTokens: last.inputTokens,
      cacheReadTokens: last.cacheReadTokens,
      outputTokens: last.outputTokens,
      finishReason: last.finishReason,
      error: last.error,
      createdAt: last.createdAt,
      summaryApplied: last.summaryApplied,
      cutMessageId: last.cutMessageId,
      summarySkippedReason: last.summarySkippedReason,
    },
    lastInput: opts.includeInput ? await lastInput(threadId) : undefined,
    compaction: { running, receipts: receipts.map(parseReceipt) },
  };
}

function pinView(p: { id: string; seq: number; role: string; tokens: number; pinnedAt: Date }) {
  return { id: p.id, seq: p.seq, role: p.role, tokens: p.tokens, pinnedAt: p.pinnedAt };
}

/** The latest chat calls with their cache reads: a turn between compactions should read its prefix from cache. */
async function recentCalls(threadId: string) {
  const rows = await db().modelCall.findMany({
    where: { threadId, kind: "chat" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 10,
    select: {
      id: true,
      inputTokens: true,
      cacheReadTokens: true,
      outputTokens: true,
      finishReason: true,
      modelId: true,
      summaryApplied: true,
      createdAt: true,
    },
  });
  return rows;
}

type ReceiptRow = { status: string; namesRepaired: string | null } & Record<string, unknown>;
function parseReceipt<R extends ReceiptRow>(r: R) {
  return {
    ...r,
    status: storedValue(COMPACTION_RECEIPT_STATUSES, r.status, "Compaction.status"),
    namesRepaired: r.namesRepaired ? (JSON.parse(r.namesRepaired) as string[]) : [],
  };
}

/** The exact input (system + messages) of the latest chat request that recorded one. */
async function lastInput(threadId: string): Promise<unknown> {
  const row = await db().modelCall.findFirst({
    where: { threadId, kind: "chat", input: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { input: true },
  });
  return row?.input ? JSON.parse(row.input) : null;
}
