// How an action's state reads in the UI, from a tool result (outcome) or a ledger row (status).

export type ActionStateView = { label: string; tone: string };

const TONES = {
  ok: "bg-emerald-100 text-emerald-800",
  info: "bg-sky-100 text-sky-800",
  busy: "bg-blue-100 text-blue-800",
  warn: "bg-amber-100 text-amber-800",
  bad: "bg-red-100 text-red-800",
  muted: "bg-neutral-200 text-neutral-700",
};

export type ToolOutcome = {
  state?: string;
  deduplicated?: boolean;
  resultId?: string;
  error?: string;
  message?: string;
  key?: string;
};

export function outcomeView(o: ToolOutcome): ActionStateView {
  switch (o.state) {
    case "sent":
      return o.deduplicated ? { label: "deduplicated", tone: TONES.info } : { label: "sent", tone: TONES.ok };
    case "in_progress":
      return { label: "in progress", tone: TONES.busy };
    case "unknown":
      return { label: "unknown", tone: TONES.warn };
    case "needs_human":
      return { label: "needs attention", tone: TONES.warn };
    case "refused":
      return { label: "refused", tone: TONES.bad };
    case "failed":
      return { label: "failed", tone: TONES.bad };
    default:
      return { label: o.state ?? "unknown", tone: TONES.muted };
  }
}

export function statusView(status: string): ActionStateView {
  const map: Record<string, ActionStateView> = {
    succeeded: { label: "sent", tone: TONES.ok },
    started: { label: "in progress", tone: TONES.busy },
    unknown: { label: "unknown", tone: TONES.warn },
    needs_human: { label: "needs attention", tone: TONES.warn },
    failed_retryable: { label: "failed, retryable", tone: TONES.bad },
    failed_permanent: { label: "failed", tone: TONES.bad },
  };
  return map[status] ?? { label: status, tone: TONES.muted };
}
