import crypto from "node:crypto";
import { NAMES_FILE_PATH, parseNamesFile, pickCut, summaryCutIndex, sumTokens, type NameSighting } from "@/lib/context";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { latestRunStart } from "@/lib/db/messages";
import { activeSummary } from "@/lib/db/summaries";
import { publishThreadChange } from "@/lib/events/publish";
import { budgetModelOf } from "@/lib/models/thread-model";
import { compactAtInputTokens, minSpanTokens, summaryMaxTokens } from "./budgets";
import { holdCompaction, releaseLease, tryAcquireLease } from "./lease";
import { saveSummaryIfCurrent } from "./save";
import { callSummarizer } from "./summarize";
import { summarizeSpan } from "./summarize-span";
import { foregroundIdle } from "@/lib/jobs/foreground";
import type { CompactionReceiptStatus } from "./receipt-status";
import type { CompactionTrigger } from "./trigger";
import { compute, computesOffThread } from "./compute";
import type { SpanRow } from "./compute-tasks";
import type { SpanMessage } from "./summarize-span";

// "busy": another holder has the lease, so no receipt was written.
export type CompactionStatus = "busy" | Exclude<CompactionReceiptStatus, "running" | "interrupted">;
export type CompactionResult = { status: CompactionStatus; reason?: string; compactionId?: string; summaryId?: string };

/**
 * One compaction: lease, pick the new cut, summarize the previous summary plus what fell before
 * the cut, verify (names kept, nothing error-like), save with a re-check, write the receipt,
 * release. A failure changes nothing but the receipt; the next threshold crossing tries again.
 */
export async function runCompaction(threadId: string, trigger: CompactionTrigger): Promise<CompactionResult> {
  const holder = `${process.pid}:${crypto.randomUUID()}`;
  if (!(await tryAcquireLease(threadId, holder))) return { status: "busy" };
  const stopHeartbeat = holdCompaction(holder);
  let receiptId: string | null = null;
  const started = Date.now();
  const finish = async (status: Exclude<CompactionStatus, "busy">, fields: Record<string, unknown> = {}): Promise<CompactionResult> => {
    const result = {
      status,
      compactionId: receiptId ?? undefined,
      reason: fields.reason as string | undefined,
      summaryId: fields.summaryId as string | undefined,
    };
    if (!receiptId) return result;
    await stepAside();
    await db().compaction.update({
      where: { id: receiptId },
      data: { status, durationMs: Date.now() - started, finishedAt: new Date(), ...fields },
    });
    void publishThreadChange(threadId, { type: "compaction.landed", compactionId: receiptId, status });
    return result;
  };
  try {
    // Every step waits while a turn of this process has yet to reach its first token: the reads
    // would share the connection pool (or SQLite's one connection) with it, the writes its writer.
    await stepAside();
    const floor = await latestRunStart(threadId);
    await stepAside();
    // The receipt's start is when the transcript was read, not when the receipt row is written
    // (later, after more waits): a message stored in between is not part of this compaction.
    const readAt = new Date();
    const rows = await db().message.findMany({
      where: { threadId, deletedAt: null, seq: { gte: floor?.seq ?? 0 } },
      orderBy: { seq: "asc" },
      select: { id: true, seq: true, role: true, tokens: true, runStart: true },
    });
    await stepAside();
    const previous = await activeSummary(threadId);
    const previousIndex = previous ? summaryCutIndex(rows, previous) : -1;
    const cut = pickCut(rows, config().CONTEXT_RECENT_TOKENS);
    const spanStart = previousIndex >= 0 ? previousIndex : 0;
    const openReceipt = async () => {
      await stepAside();
      receiptId = (
        await db().compaction.create({ data: { threadId, status: "running", trigger, startedAt: readAt }, select: { id: true } })
      ).id;
      void publishThreadChange(threadId, { type: "compaction.started", compactionId: receiptId });
      return receiptId;
    };

    const c = config();
    const spanRows = rows.slice(spanStart, Math.max(cut, spanStart));
    const previousText = previousIndex >= 0 && previous ? previous.text : null;
    const tokensBefore = sumTokens(spanRows) + (previousText && previous ? previous.tokens : 0);
    // No churn: once system + summary + recent messages sit near the threshold, every turn would
    // compact a sliver. An overflow, a request that had to leave messages out (or a person asking)
    // still compacts whatever there is.
    const minSpan = minSpanTokens(compactAtInputTokens(c, (await budgetModelOf(threadId)).contextWindow));
    // Checked before the receipt is written: a thread at its threshold would otherwise add one
    // receipt per turn.
    if (trigger === "threshold" && sumTokens(spanRows) < minSpan) {
      return { status: "skipped", reason: `the span to summarize is small (${sumTokens(spanRows)} tokens, below ${minSpan})` };
    }
    const compactionId = await openReceipt();
    if (cut <= spanStart) return await finish("skipped", { reason: "the cut would not move forward" });

    const { span, sightings } = await loadSpan(threadId, spanRows[0].seq, spanRows[spanRows.length - 1].seq);
    const required = await compute("requiredNames", {
      sightings,
      previous: previousText === null ? null : { text: previousText, seq: spanRows[0].seq - 1 },
    });

    const summary = await summarizeSpan({
      threadId,
      previousText,
      span,
      required,
      chunkTokens: c.SUMMARY_CHUNK_TOKENS,
      maxTokens: summaryMaxTokens(c),
      summarize: async (...args) => {
        await foregroundIdle(); // the in-process summarizer computes a whole chunk in one go
        return callSummarizer(...args);
      },
      lostNames: (names, text) => compute("lostNames", { names, text }),
    });
    const usage = { modelId: summary.modelId, inputTokens: summary.inputTokens, outputTokens: summary.outputTokens };
    if (!summary.ok) return await finish("failed", { reason: summary.reason, ...usage });

    await foregroundIdle();
    const workspaceId = (await db().thread.findUniqueOrThrow({ where: { id: threadId }, select: { workspaceId: true } })).workspaceId;
    const fitted = await compute("fitForSave", {
      text: summary.text,
      required,
      maxTokens: summaryMaxTokens(c),
      fileHasEntries: await namesFileHasEntries(workspaceId),
    });

    if (!fitted.text.trim()) return await finish("failed", { reason: "SUMMARY_MAX_TOKENS is too small to hold any summary", ...usage });

    await foregroundIdle(); // the save is one SQLite write transaction: not while a turn opens
    const tokens = fitted.tokens;
    const saved = await saveSummaryIfCurrent({
      threadId,
      compactionId,
      text: fitted.text,
      tokens,
      cutMessageId: rows[cut].id,
      floorMessageId: floor?.id ?? null,
      holder,
      namesFile: { workspaceId, sightings: fitted.spilled },
    });
    const fields = {
      cutMessageId: rows[cut].id,
      spanFirstId: spanRows[0].id,
      spanLastId: spanRows[spanRows.length - 1].id,
      tokensBefore,
      tokensAfter: tokens,
      namesKept: required.length,
      namesRepaired: JSON.stringify(summary.namesRepaired),
      namesFiled: fitted.spilled.length,
      ...usage,
    };
    if (!saved.saved) return await finish("discarded", { ...fields, reason: saved.reason });
    return await finish("saved", { ...fields, summaryId: saved.summaryId });
  } catch (error) {
    console.error("[compaction failed]", threadId, error);
    const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
    // The receipt stays "running" and the sweeper marks it interrupted; the caller still learns it failed.
    return await finish("failed", { reason }).catch((e) => {
      console.error("[compaction receipt not written]", threadId, e);
      return { status: "failed" as const, reason };
    });
  } finally {
    stopHeartbeat();
    await releaseLease(threadId, holder).catch((e) => console.error("[lease not released]", e));
  }
}

const SPAN_PAGE = 200;
// Without a worker thread the span is digested in-thread, this many messages at a time (finding
// names costs about a millisecond a message), giving the event loop back between slices.
const SPAN_SLICE = 10;
// Each step gives the event loop back, and waits while a turn of this process has not had its
// first token yet (lib/jobs/foreground.ts).
const stepAside = () => foregroundIdle();

/**
 * The span's messages as the summarizer reads them, and the names each mentions, loaded in pages
 * (with SQLite's synchronous driver one big query would stall replies streaming in the same
 * process) and digested off the event loop (compute.ts).
 */
async function loadSpan(threadId: string, fromSeq: number, toSeq: number) {
  const span: SpanMessage[] = [];
  const sightings: NameSighting[][] = [];
  for (let start = fromSeq; start <= toSeq; start += SPAN_PAGE) {
    await stepAside();
    const page: SpanRow[] = await db().message.findMany({
      where: { threadId, deletedAt: null, seq: { gte: start, lte: Math.min(toSeq, start + SPAN_PAGE - 1) } },
      orderBy: { seq: "asc" },
      select: { seq: true, role: true, parts: true, tokens: true },
    });
    const slice = computesOffThread() ? SPAN_PAGE : SPAN_SLICE;
    for (let i = 0; i < page.length; i += slice) {
      const digest = await compute("digestSpan", page.slice(i, i + slice));
      span.push(...digest.span);
      sightings.push(...digest.sightings);
    }
  }
  return { span, sightings };
}

async function namesFileHasEntries(workspaceId: string): Promise<boolean> {
  const row = await db().workspaceFile.findFirst({
    where: { workspaceId, path: NAMES_FILE_PATH, deletedAt: null },
    select: { content: true },
  });
  return row !== null && parseNamesFile(row.content).length > 0;
}
