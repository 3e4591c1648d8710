"use client";

import type { ContextInfo } from "@/lib/api";
import { formatCount } from "@/components/ui/format-count";
import { gaugeState, type GaugeTone } from "./gauge-state";

const fmt = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : formatCount(n));

const BAR: Record<GaugeTone, string> = {
  neutral: "bg-neutral-500",
  due: "bg-neutral-500",
  compacting: "bg-blue-600 animate-pulse",
  overflow: "bg-red-600",
};
const WORD: Record<GaugeTone, string> = {
  neutral: "",
  due: "text-neutral-700",
  compacting: "text-blue-700",
  overflow: "font-medium text-red-700",
};

/** The gauge's numbers: the provider's own count of the last request, or the next one's right after a compaction. */
function readGauge(info: ContextInfo) {
  const threshold = info.thresholds.compactAtInputTokens;
  // Right after a compaction the last request's count is history: show what the next one will send.
  const compactedSince =
    !!info.summary && !!info.lastCall && info.recentSpan !== null && new Date(info.summary.createdAt) > new Date(info.lastCall.createdAt);
  const used = compactedSince || info.lastCall?.inputTokens == null ? info.tokens.total : info.lastCall.inputTokens;
  const contextWindow = info.thresholds.contextWindow ?? null;
  const state = gaugeState({ used, next: info.tokens.total, threshold, contextWindow, compacting: info.compaction.running });
  return { threshold, compactedSince, used, contextWindow, state };
}

/** The gauge in words, for where the bar does not fit (the header's menu on a phone). */
export function gaugeWords(info: ContextInfo): string {
  const { used, threshold, state } = readGauge(info);
  return `Context ${fmt(used)} / ${fmt(threshold)} tokens${state.word ? ` · ${state.word}` : ""}`;
}

/** How full the model's input is against the compaction threshold, from the provider's own count. */
export function ContextGauge({ info }: { info: ContextInfo }) {
  const { threshold, compactedSince, used, contextWindow, state } = readGauge(info);
  const ratio = Math.min(1, used / threshold);
  const cached = info.lastCall?.cacheReadTokens ?? null;
  const title = [
    compactedSince
      ? `Compacted since the last request; the next one will send about ${formatCount(used)} tokens. Compaction starts at ${formatCount(threshold)}.`
      : `Last request read ${formatCount(used)} input tokens; compaction starts at ${formatCount(threshold)}.`,
    state.tone === "compacting" ? "Earlier messages are being summarized now; the next request will be smaller." : null,
    state.tone === "due" ? "Past the threshold: earlier messages are summarized after the next reply." : null,
    state.tone === "overflow" && contextWindow !== null
      ? `The next request (${formatCount(info.tokens.total)} tokens) is larger than the model's window of ${formatCount(contextWindow)} tokens.`
      : null,
    contextWindow !== null ? `Model context window: ${formatCount(contextWindow)} tokens.` : null,
    cached !== null ? `Prompt cache read: ${formatCount(cached)} tokens.` : null,
    `Next request: ${formatCount(info.tokens.total)} tokens (system ${info.tokens.system}, summary ${info.tokens.summary}, messages ${info.tokens.messages}).`,
  ]
    .filter(Boolean)
    .join("\n");
  return (
    <div className="flex items-center gap-2 text-xs text-neutral-600" title={title} data-testid="context-gauge" data-tone={state.tone}>
      {/* The word goes first when the header is narrow; the numbers and the bar carry the meaning. */}
      <span className="whitespace-nowrap">
        <span className="hidden @2xl:inline">Context </span>
        {fmt(used)} / {fmt(threshold)}
      </span>
      <span
        className="relative h-1.5 w-16 overflow-hidden rounded-full bg-neutral-200 @2xl:w-24"
        role="meter"
        aria-label="Context used before compaction"
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={Math.min(used, threshold)}
        aria-valuetext={`${formatCount(used)} of ${formatCount(threshold)} tokens${state.word ? `, ${state.word}` : ""}`}
      >
        <span className={`absolute inset-y-0 left-0 ${BAR[state.tone]}`} style={{ width: `${ratio * 100}%` }} />
      </span>
      {state.word && (
        <span className={`whitespace-nowrap ${WORD[state.tone]}`} data-testid="context-gauge-word">
          {state.word}
        </span>
      )}
    </div>
  );
}
