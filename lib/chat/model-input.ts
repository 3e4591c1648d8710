import { convertToModelMessages, type ModelMessage, type SystemModelMessage, type ToolSet, type UIMessage } from "ai";
import { getChatModel, type ModelHandle } from "@/lib/ai/registry";
import { planModelInput, verifyWindow } from "@/lib/context";
import type { MessageRow } from "@/lib/db/messages";
import { boundedInput, type BoundedInput } from "./bounded-input";
import type { LoadedWindow } from "./window";

export type ModelInput = {
  messages: ModelMessage[];
  windowApplied: boolean;
  cutMessageId: string | null;
  /** Why the window was not applied (no summary, stale, or a failed check). */
  reason: string | null;
  summaryStale: boolean;
  /** The system prompt, with a cache breakpoint for providers that need one. */
  system: string | SystemModelMessage;
  shortenedToolResults: number;
  /** Pass to streamText: bounds the tool results that arrive during the turn. */
  prepareStep: BoundedInput["prepareStep"];
};

/** UI messages -> model messages. A seam so a test can prove a wrong conversion is caught. */
export type ConvertMessages = (messages: UIMessage[], tools: ToolSet) => Promise<ModelMessage[]>;

const convertWithSdk: ConvertMessages = (messages, tools) => convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true });

function toUIMessages(messages: MessageRow[]): UIMessage[] {
  return messages.map((m) => ({ id: m.id, role: m.role, parts: m.parts as UIMessage["parts"] }));
}

/**
 * plan (lib/context) -> UI messages -> model messages -> window check. The check counts user
 * messages in the converted request to find the cut and compares its opening text with the stored
 * cut message (the summary part excluded). A failed check sends the request without the window
 * rather than a summary in the wrong place, and says why.
 */
export async function buildModelInput(
  window: LoadedWindow,
  tools: ToolSet,
  loadTranscript: () => Promise<MessageRow[]>,
  convertMessages: ConvertMessages = convertWithSdk,
  model: ModelHandle = getChatModel(),
): Promise<ModelInput> {
  const input = await checkedInput(window, tools, loadTranscript, convertMessages);
  const bounded = await boundedInput(input.messages, {
    model,
    workspaceId: window.workspaceId,
    summaryAfterUserMessages: input.windowApplied ? (window.plan.userMessagesBeforeCut ?? 0) : null,
  });
  return { ...input, ...bounded };
}

async function checkedInput(
  window: LoadedWindow,
  tools: ToolSet,
  loadTranscript: () => Promise<MessageRow[]>,
  convertMessages: ConvertMessages,
): Promise<Pick<ModelInput, "messages" | "windowApplied" | "cutMessageId" | "reason" | "summaryStale">> {
  const { plan, summary } = window;
  const convert = (ms: MessageRow[]) => convertMessages(toUIMessages(ms), tools);
  const messages = await convert(plan.messages);
  if (!plan.window || !summary) {
    const reason = summary ? `summary is stale: ${plan.staleReason ?? "its cut message left the transcript"}` : "no summary yet";
    return { messages, windowApplied: false, cutMessageId: null, reason, summaryStale: plan.summaryStale };
  }
  const check = verifyWindow(messages, {
    summaryText: summary.text,
    userMessagesBeforeCut: plan.userMessagesBeforeCut ?? 0,
    pinnedTexts: plan.pinnedTexts ?? [],
    cutOpeningText: plan.cutOpeningText ?? null,
  });
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
