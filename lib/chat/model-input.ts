import { convertToModelMessages, type ModelMessage, type ToolSet, type UIMessage } from "ai";
import { planModelInput, verifyWindow } from "@/lib/context";
import type { StoredMessage } from "@/lib/db/messages";
import type { LoadedWindow } from "./window";

export type ModelInput = {
  messages: ModelMessage[];
  windowApplied: boolean;
  cutMessageId: string | null;
  /** Why the window was not applied (no summary, stale, or a failed check). */
  reason: string | null;
  summaryStale: boolean;
};

function toUIMessages(messages: StoredMessage[]): UIMessage[] {
  return messages.map((m) => ({ id: m.id, role: m.role, parts: m.parts as UIMessage["parts"] }));
}

/**
 * plan (lib/context) -> UI messages -> model messages -> window check. A failed check sends the
 * request without the window rather than a summary in the wrong place.
 */
export async function buildModelInput(
  window: LoadedWindow,
  tools: ToolSet,
  loadTranscript: () => Promise<StoredMessage[]>,
): Promise<ModelInput> {
  const { plan, summary } = window;
  const convert = (ms: StoredMessage[]) =>
    convertToModelMessages(toUIMessages(ms), { tools, ignoreIncompleteToolCalls: true });
  const messages = await convert(plan.messages);
  if (!plan.window || !summary) {
    const reason = summary ? "summary is stale: its cut message left the transcript" : "no summary yet";
    return { messages, windowApplied: false, cutMessageId: null, reason, summaryStale: plan.summaryStale };
  }
  const check = verifyWindow(messages, { summaryText: summary.text, userMessagesBeforeCut: 0 });
  if (check.ok) {
    return { messages, windowApplied: true, cutMessageId: plan.window.cutMessageId, reason: null, summaryStale: false };
  }
  // Without the window means the whole current transcript, as if there were no summary.
  const unwindowed = planModelInput(await loadTranscript(), null);
  return {
    messages: await convert(unwindowed.messages),
    windowApplied: false,
    cutMessageId: null,
    reason: `window check failed: ${check.reason}`,
    summaryStale: false,
  };
}
