import { ActionToolDetail } from "@/components/actions/action-tool-detail";
import { toolPath, type ToolPartView } from "./tool-part";
import type { ChatMessagePart } from "./types";

const STATE_LABELS: Record<string, { label: string; tone: string }> = {
  "input-streaming": { label: "preparing", tone: "bg-neutral-200 text-neutral-700" },
  "input-available": { label: "running", tone: "bg-blue-100 text-blue-800" },
  "approval-requested": { label: "needs approval", tone: "bg-amber-100 text-amber-800" },
  "approval-responded": { label: "approved", tone: "bg-blue-100 text-blue-800" },
  "output-available": { label: "done", tone: "bg-emerald-100 text-emerald-800" },
  "output-error": { label: "failed", tone: "bg-red-100 text-red-800" },
  "output-denied": { label: "denied", tone: "bg-red-100 text-red-800" },
};

const RESULT_PREVIEW_CHARS = 160;

export function ToolCard({ part }: { part: ChatMessagePart }) {
  const view = part as ToolPartView;
  const name = view.type === "dynamic-tool" ? (view.toolName ?? "tool") : view.type.slice("tool-".length);
  const path = toolPath(part);
  const state = STATE_LABELS[view.state ?? ""] ?? { label: view.state ?? "unknown", tone: "bg-neutral-200 text-neutral-700" };
  const result = view.state === "output-error" ? view.errorText : view.state === "output-available" ? preview(view.output) : undefined;

  return (
    <div
      data-testid="tool-card"
      data-tool={name}
      data-state={view.state}
      className="my-2 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-xs"
    >
      <div className="flex min-w-0 items-center gap-2">
        <span aria-hidden className="text-neutral-500">
          ⚙
        </span>
        <span className="font-mono font-medium text-neutral-800">{name}</span>
        {path && (
          // The workspace panel opens whatever file the hash names.
          <a
            href={`#file=${encodeURIComponent(path)}`}
            data-testid="tool-file-link"
            title={`Open ${path} in the workspace`}
            className="min-w-0 truncate rounded font-mono text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {path}
          </a>
        )}
        <span className={`ml-auto shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ${state.tone}`}>{state.label}</span>
      </div>
      {name === "send_email" && view.state === "output-available" ? (
        <ActionToolDetail output={view.output} />
      ) : (
        result && (
          <p className={`mt-1 truncate font-mono ${view.state === "output-error" ? "text-red-700" : "text-neutral-600"}`} title={result}>
            {result.length > RESULT_PREVIEW_CHARS ? `${result.slice(0, RESULT_PREVIEW_CHARS)}…` : result}
          </p>
        )
      )}
    </div>
  );
}

function preview(output: unknown): string | undefined {
  if (output === undefined || output === null) return undefined;
  const text = typeof output === "string" ? output : JSON.stringify(output);
  return text.replace(/\s+/g, " ").trim();
}
