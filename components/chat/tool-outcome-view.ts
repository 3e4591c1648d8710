import type { CallWords } from "@/lib/words/call-words";

/** How a tool call's outcome looks: a word and a mark (never colour alone) and the card's tones. */
export type OutcomeView = { label: string; mark: string; badge: string; card: string; detail: string };

export const OUTCOME_VIEWS: Record<CallWords["outcome"], OutcomeView> = {
  pending: {
    label: "Running",
    mark: "…",
    badge: "bg-blue-100 text-blue-800",
    card: "border-neutral-200 bg-neutral-50",
    detail: "text-neutral-700",
  },
  done: {
    label: "Done",
    mark: "✓",
    badge: "bg-emerald-100 text-emerald-800",
    card: "border-neutral-200 bg-neutral-50",
    detail: "text-neutral-700",
  },
  attention: {
    label: "Needs attention",
    mark: "!",
    badge: "bg-amber-100 text-amber-900",
    card: "border-amber-300 bg-amber-50",
    detail: "text-amber-900",
  },
  failed: {
    label: "Failed",
    mark: "✕",
    badge: "bg-red-100 text-red-800",
    card: "border-red-300 bg-red-50",
    detail: "text-red-800",
  },
  denied: {
    label: "Denied",
    mark: "✕",
    badge: "bg-red-100 text-red-800",
    card: "border-red-300 bg-red-50",
    detail: "text-red-800",
  },
};
