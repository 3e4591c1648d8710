"use client";

import type { ContextInfo } from "@/lib/api";
import { formatCount } from "@/components/ui/format-count";

const fmt = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : formatCount(n));

/** How full the model's input is against the compaction threshold, from the provider's own count. */
export function ContextGauge({ info }: { info: ContextInfo }) {
  const threshold = info.thresholds.compactAtInputTokens;
  // Right after a compaction the last request's count is history: show what the next one will send.
  const compactedSince =
    !!info.summary && !!info.lastCall && info.recentSpan !== null && new Date(info.summary.createdAt) > new Date(info.lastCall.createdAt);
  const used = compactedSince || info.lastCall?.inputTokens == null ? info.tokens.total : info.lastCall.inputTokens;
  const ratio = Math.min(1, used / threshold);
  const tone = ratio >= 1 ? "bg-red-500" : ratio >= 0.75 ? "bg-amber-500" : "bg-emerald-500";
  const cached = info.lastCall?.cacheReadTokens ?? null;
  const title = [
    compactedSince
      ? `Compacted since the last request; the next one will send about ${formatCount(used)} tokens. Compaction starts at ${formatCount(threshold)}.`
      : `Last request read ${formatCount(used)} input tokens; compaction starts at ${formatCount(threshold)}.`,
    cached !== null ? `Prompt cache read: ${formatCount(cached)} tokens.` : null,
    `Next request: ${formatCount(info.tokens.total)} tokens (system ${info.tokens.system}, summary ${info.tokens.summary}, messages ${info.tokens.messages}).`,
  ]
    .filter(Boolean)
    .join("\n");
  return (
    <div className="flex items-center gap-2 text-xs text-neutral-600" title={title} data-testid="context-gauge">
      {/* The word goes first when the header is narrow; the numbers and the bar carry the meaning. */}
      <span className="whitespace-nowrap">
        <span className="hidden @2xl:inline">Context </span>
        {fmt(used)} / {fmt(threshold)}
      </span>
      <span
        className="relative h-1.5 w-16 overflow-hidden @2xl:w-24 rounded-full bg-neutral-200"
        role="meter"
        aria-label="Context used before compaction"
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={used}
      >
        <span className={`absolute inset-y-0 left-0 ${tone}`} style={{ width: `${ratio * 100}%` }} />
      </span>
    </div>
  );
}
