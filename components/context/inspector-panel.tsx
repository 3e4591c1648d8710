"use client";

import { useQuery } from "@tanstack/react-query";
import { contextInputQuery } from "@/components/api/queries";
import type { ContextInfo } from "@/lib/api";
import { AttachmentCosts } from "./attachment-costs";
import { ContextDetails } from "./context-details";
import { RecallList } from "./recall-list";
import { formatCount } from "@/components/ui/format-count";

/** Text parts read as the model reads them; tool calls and results stay JSON. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return JSON.stringify(content, null, 2);
  return content
    .map((part: { type?: string; text?: string }) =>
      part.type === "text" && typeof part.text === "string" ? part.text : JSON.stringify(part, null, 2),
    )
    .join("\n\n── next part ──\n\n");
}

/** The exact input of the last model request, and what the next one would send. */
export function InspectorPanel({ threadId, info, onClose }: { threadId: string; info: ContextInfo; onClose: () => void }) {
  const inputQuery = useQuery(contextInputQuery(threadId));
  // Re-read with the rest of the thread when a turn settles. undefined while loading; null when there is none or it could not be read.
  const input = inputQuery.isPending ? undefined : (inputQuery.data ?? null);

  const call = info.lastCall;
  return (
    <aside
      id="context-inspector"
      className="flex h-full w-full min-w-0 flex-col border-l border-neutral-200 bg-white"
      aria-label="Context inspector"
      data-testid="inspector-panel"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
    >
      <header className="flex h-12 shrink-0 items-center justify-between border-b border-neutral-200 px-3">
        <h2 className="text-sm font-semibold">Model input</h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded px-2 text-sm text-neutral-500 hover:bg-neutral-100"
          aria-label="Close inspector"
        >
          ✕
        </button>
      </header>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3 text-xs">
        <section>
          <h3 className="mb-1 font-semibold text-neutral-700">Next request</h3>
          <p data-testid="inspector-next-request">
            {info.recentSpan
              ? `Summary + ${info.retainedMessages} messages from the cut`
              : info.boundedSpan
                ? `Latest ${info.retainedMessages} messages only (${info.summaryStale ? "summary is stale" : "no summary yet"}; the whole run would not fit the context window): ${info.boundedSpan.omittedMessages} older messages left out, reachable through the history tools, and a compaction starts with the reply`
                : info.summaryStale
                  ? `Full transcript (summary is stale), ${info.retainedMessages} messages`
                  : `Full transcript, ${info.retainedMessages} messages`}
          </p>
          <p className="text-neutral-500">
            {formatCount(info.tokens.total)} tokens: system {info.tokens.system}, summary {info.tokens.summary}, messages{" "}
            {info.tokens.messages}. Keeps {formatCount(info.thresholds.recentTokens)} recent tokens; compacts at{" "}
            {formatCount(info.thresholds.compactAtInputTokens)}.
          </p>
        </section>
        <AttachmentCosts attachments={info.attachments} />
        <ContextDetails info={info} />
        <RecallList recalls={info.recalls ?? []} />
        {call && (
          <section>
            <h3 className="mb-1 font-semibold text-neutral-700">Last request</h3>
            <p data-testid="inspector-last-model">
              Answered by <span className="font-mono">{call.modelId}</span>
            </p>
            <p>
              {call.inputTokens ?? "?"} input ({call.cacheReadTokens ?? 0} from cache), {call.outputTokens ?? "?"} output ·{" "}
              {call.summaryApplied ? "summary sent" : `summary not sent: ${call.summarySkippedReason ?? "—"}`}
            </p>
          </section>
        )}
        <section>
          <h3 className="mb-1 font-semibold text-neutral-700">Exact input of the last request</h3>
          {input === undefined && <p className="text-neutral-500">Loading…</p>}
          {input === null && <p className="text-neutral-500">No request yet.</p>}
          {input && (
            <div className="space-y-2" data-testid="inspector-input">
              <details>
                <summary className="cursor-pointer font-medium">system</summary>
                <pre className="mt-1 whitespace-pre-wrap rounded bg-neutral-50 p-2">{input.system}</pre>
              </details>
              {input.messages.map((m, i) => (
                <div key={i} className="rounded border border-neutral-200 p-2">
                  <div className="mb-1 font-medium text-neutral-600">{m.role}</div>
                  <pre className="whitespace-pre-wrap break-words">{contentText(m.content)}</pre>
                </div>
              ))}
            </div>
          )}
        </section>
      </div>
    </aside>
  );
}
