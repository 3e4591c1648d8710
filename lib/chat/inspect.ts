import { CHAT_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import { getChatModel } from "@/lib/ai/registry";
import { countTokens } from "@/lib/ai/tokens";
import { estimateWindowTokens, sumTokens } from "@/lib/context";
import { leaseActive } from "@/lib/compaction/lease";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { lastModelCall } from "@/lib/db/model-calls";
import { latestRunStart } from "@/lib/db/messages";
import { loadWindow } from "./window";

const receiptSelect = {
  id: true, status: true, reason: true, trigger: true, summaryId: true, cutMessageId: true, spanFirstId: true,
  spanLastId: true, tokensBefore: true, tokensAfter: true, namesKept: true, namesRepaired: true, modelId: true,
  inputTokens: true, outputTokens: true, durationMs: true, startedAt: true, finishedAt: true,
} as const;

/** What the next request would send, and why: the data behind the context inspector. */
export async function inspectContext(threadId: string, opts: { includeInput: boolean }) {
  const model = getChatModel();
  const window = await loadWindow(threadId);
  const { summary, plan } = window;
  const tokens = estimateWindowTokens({
    systemTokens: countTokens(CHAT_SYSTEM_PROMPT, model.family),
    summaryTokens: plan.window && summary ? summary.tokens : 0,
    messageTokens: sumTokens(plan.messages),
  });
  const [last, running, receipts, floor] = await Promise.all([
    lastModelCall(threadId, "chat"),
    leaseActive(threadId),
    db().compaction.findMany({ where: { threadId }, orderBy: { startedAt: "desc" }, take: 10, select: receiptSelect }),
    latestRunStart(threadId),
  ]);
  const receipt = summary ? receipts.find((r) => r.summaryId === summary.id) ?? null : null;
  return {
    summary: summary && {
      id: summary.id, text: summary.text, cutMessageId: summary.cutMessageId, floorMessageId: summary.floorMessageId,
      createdAt: summary.createdAt, tokens: summary.tokens, receipt: receipt && parseReceipt(receipt),
    },
    summaryStale: plan.summaryStale,
    // Why a saved summary is not used: a routine run started after it (the floor moved), or its cut left.
    summaryStaleReason: !(plan.summaryStale && summary) ? null : summary.floorMessageId !== (floor?.id ?? null)
      ? "a new routine run started after this summary was made; it describes an earlier run"
      : "its cut message left the transcript (an edit or retry)",
    window: plan.window,
    retainedMessages: plan.messages.length,
    firstRetainedMessageId: plan.messages[0]?.id ?? null,
    tokens,
    thresholds: {
      recentTokens: config().CONTEXT_RECENT_TOKENS,
      compactAtInputTokens: config().COMPACT_AT_INPUT_TOKENS,
      contextWindow: model.contextWindow ?? null,
    },
    model: { id: model.id, isOffline: model.isOffline },
    lastCall: last && {
      inputTokens: last.inputTokens, cacheReadTokens: last.cacheReadTokens, outputTokens: last.outputTokens,
      finishReason: last.finishReason, error: last.error, createdAt: last.createdAt,
      windowApplied: last.windowApplied, windowCutMessageId: last.windowCutMessageId, windowReason: last.windowReason,
    },
    lastInput: opts.includeInput ? await lastInput(threadId) : undefined,
    compaction: { running, receipts: receipts.map(parseReceipt) },
  };
}

type ReceiptRow = { namesRepaired: string | null } & Record<string, unknown>;
function parseReceipt<R extends ReceiptRow>(r: R) {
  return { ...r, namesRepaired: r.namesRepaired ? (JSON.parse(r.namesRepaired) as string[]) : [] };
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
