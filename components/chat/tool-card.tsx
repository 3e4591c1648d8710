"use client";

import { ActionToolDetail } from "@/components/actions/action-tool-detail";
import { useLiveActionStatus } from "@/components/actions/use-live-action-status";
import { describeToolCall } from "@/lib/words/describe-call";
import { plainText } from "@/lib/words/phrase";
import { PhraseText } from "./phrase-text";
import { OUTCOME_VIEWS } from "./tool-outcome-view";
import { ToolApprovalCard } from "./tool-approval-card";
import { ToolRawData } from "./tool-raw-data";
import { useThreadScope } from "./thread-scope";
import { toolPath, type ToolPartView } from "./tool-part";
import type { ChatMessagePart } from "./types";

/** One tool call: what happened in words, failed calls marked as such, the raw arguments and result folded underneath. */
export function ToolCard({ part }: { part: ChatMessagePart }) {
  const view = part as ToolPartView & { approval?: { id: string } };
  // A call that waits for (or got) the person's answer is shown as the question it asks.
  if (view.approval && (view.state === "approval-requested" || view.state === "approval-responded")) {
    return <ToolApprovalCard part={{ ...view, approval: view.approval }} />;
  }
  return <ToolCallCard part={part} />;
}

function ToolCallCard({ part }: { part: ChatMessagePart }) {
  const view = part as ToolPartView;
  const name = view.type === "dynamic-tool" ? (view.toolName ?? "tool") : view.type.slice("tool-".length);
  const path = toolPath(part);
  const email =
    name === "send_email" && view.state === "output-available" ? (view.output as { key?: string; state?: string } | null) : null;
  const { threadId } = useThreadScope();
  // An email's outcome may have settled since the call returned: the ledger's status now.
  const live = useLiveActionStatus(threadId, email?.key, email?.state);
  const words = describeToolCall(
    { name, state: view.state, input: view.input, output: view.output, errorText: view.errorText },
    { actionStatus: live },
  );
  const outcome = OUTCOME_VIEWS[words.outcome];
  const settled = view.state === "output-available" || view.state === "output-error";
  const fileLink = (code: string) =>
    path && code === path && !(name === "delete_file" && words.outcome === "done") ? (
      // The workspace panel opens whatever file the hash names.
      <a
        href={`#file=${encodeURIComponent(path)}`}
        data-testid="tool-file-link"
        title={`Open ${path} in the workspace`}
        className="rounded font-mono break-all text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {path}
      </a>
    ) : null;

  return (
    <div
      role="group"
      aria-label={`${outcome.label}: ${plainText(words.summary)}`}
      data-testid="tool-card"
      data-tool={name}
      data-state={view.state}
      data-outcome={words.outcome}
      className={`my-2 rounded-md border px-3 py-2 text-xs ${outcome.card}`}
    >
      <div className="flex min-w-0 items-start gap-2">
        <p data-testid="tool-summary" className="min-w-0 flex-1 text-[13px] leading-snug text-neutral-900">
          <PhraseText phrase={words.summary} linkCode={fileLink} />
        </p>
        <span data-testid="tool-outcome" className={`shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ${outcome.badge}`}>
          <span aria-hidden>{outcome.mark} </span>
          {outcome.label}
        </span>
      </div>
      {words.detail && (
        <p data-testid="tool-detail" className={`mt-1 leading-snug ${outcome.detail}`}>
          {words.outcome === "failed" && <span className="font-semibold">Error: </span>}
          <PhraseText phrase={words.detail} />
        </p>
      )}
      {name === "send_email" && view.state === "output-available" && <ActionToolDetail />}
      {settled && (
        <ToolRawData
          input={view.input}
          result={view.state === "output-error" ? { error: view.errorText } : view.output}
          resultLabel={view.state === "output-error" ? "error" : "result"}
        />
      )}
    </div>
  );
}
