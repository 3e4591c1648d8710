"use client";

import { useId, useState } from "react";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { Button } from "@/components/ui/button";
import type { ToolApprovalRequest } from "@/lib/api";
import { foldLongValues, prettyJson } from "@/lib/words/fold-json";
import { useThreadScope } from "./thread-scope";
import type { ToolPartView } from "./tool-part";

type Approval = { id: string; approved?: boolean; reason?: string; requestReason?: string };

const CHOICES: { decision: ToolApprovalRequest["decision"]; label: string; variant: "primary" | "secondary" | "danger" }[] = [
  { decision: "allow_once", label: "Allow once", variant: "primary" },
  { decision: "allow_thread", label: "Always in this thread", variant: "secondary" },
  { decision: "deny", label: "Deny", variant: "danger" },
];

/**
 * A tool call that waits for the person: which server and tool, with what arguments (long values
 * folded until asked for), and the three answers as plain buttons (Tab and Enter reach them). The
 * server decides from its own stored call; the card only names the approval. Once answered it
 * says what was decided; the call's result arrives with the continuation's reply.
 */
export function ToolApprovalCard({ part }: { part: ToolPartView & { approval: Approval } }) {
  const { threadId, kind } = useThreadScope();
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  const titleId = useId();
  const full = part.type.slice("tool-".length);
  const [server, tool] = full.includes("__") ? [full.slice(0, full.indexOf("__")), full.slice(full.indexOf("__") + 2)] : ["", full];
  const args = foldLongValues(part.input);
  const decided = part.state === "approval-responded";

  async function answer(decision: ToolApprovalRequest["decision"]) {
    setSending(decision);
    setError(null);
    try {
      await api.answerToolApproval(threadId, { approvalId: part.approval.id, decision });
    } catch (e) {
      setError(readableError(e));
      setSending(null);
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="tool-approval"
      data-state={part.state}
      className="my-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-neutral-900"
    >
      {/* Not a heading: the transcript's messages have none, so a heading here would skip levels. */}
      <p id={titleId} className="text-[13px] font-semibold">
        {decided ? "Tool call decided" : "Approve this tool call?"}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        <dt className="text-neutral-700">Server</dt>
        <dd className="font-mono break-all">{server || "(none)"}</dd>
        <dt className="text-neutral-700">Tool</dt>
        <dd className="font-mono break-all">{tool}</dd>
      </dl>
      {part.approval.requestReason && <p className="mt-1 text-neutral-800">{part.approval.requestReason}</p>}
      <p className="mt-1 font-medium text-neutral-700">Arguments</p>
      <pre
        data-testid="tool-approval-args"
        tabIndex={0}
        aria-label="Arguments"
        className="max-h-60 overflow-auto rounded border border-neutral-200 bg-white p-2 font-mono text-[11px] leading-snug whitespace-pre text-neutral-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {prettyJson(unfolded ? part.input : args.value)}
      </pre>
      {args.folded > 0 && (
        <button
          type="button"
          aria-pressed={unfolded}
          onClick={() => setUnfolded((u) => !u)}
          className="mt-1 rounded text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {unfolded ? "Fold long values" : "Show long values in full"}
        </button>
      )}
      {decided ? (
        <p data-testid="tool-approval-decision" className="mt-2 font-medium">
          {part.approval.reason ?? (part.approval.approved ? "Allowed." : "Denied.")}
        </p>
      ) : (
        <div role="group" aria-label="Your answer" className="mt-2 flex flex-wrap gap-2">
          {CHOICES.map((c) => (
            <Button
              key={c.decision}
              size="sm"
              variant={c.variant}
              disabled={sending !== null}
              aria-busy={sending === c.decision}
              data-testid={`tool-approval-${c.decision}`}
              onClick={() => void answer(c.decision)}
            >
              {c.decision === "allow_thread" && kind === "routine" ? "Always in this routine" : c.label}
            </Button>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
