import { convertToModelMessages, type ModelMessage, type SystemModelMessage, type ToolSet, type UIMessage } from "ai";
import { getChatModel, type ModelHandle } from "@/lib/ai/registry";
import { planModelInput, verifyRequest } from "@/lib/context";
import type { MessageRow } from "@/lib/db/messages";
import { boundedInput, type BoundedInput } from "./bounded-input";
import type { LoadedRecentSpan } from "./recent-span";

export type ModelInput = {
  messages: ModelMessage[];
  /** True when the request carries the summary on the cut message and only the recent span after it. */
  summaryApplied: boolean;
  cutMessageId: string | null;
  /** Why the summary was not applied (no summary, stale, or a failed request check). */
  summarySkippedReason: string | null;
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
 * plan (lib/context) -> UI messages -> model messages -> request check. The check counts user
 * messages in the converted request to find the cut and compares its opening text with the stored
 * cut message (the summary part excluded). A failed check sends the whole run rather than a
 * summary in the wrong place, and says why.
 */
export async function buildModelInput(
  loaded: LoadedRecentSpan,
  tools: ToolSet,
  loadTranscript: () => Promise<MessageRow[]>,
  convertMessages: ConvertMessages = convertWithSdk,
  model: ModelHandle = getChatModel(),
): Promise<ModelInput> {
  const input = await checkedInput(loaded, tools, loadTranscript, convertMessages);
  const bounded = await boundedInput(input.messages, {
    model,
    workspaceId: loaded.workspaceId,
    summaryAfterUserMessages: input.summaryApplied ? (loaded.plan.userMessagesBeforeCut ?? 0) : null,
  });
  return { ...input, ...bounded };
}

async function checkedInput(
  loaded: LoadedRecentSpan,
  tools: ToolSet,
  loadTranscript: () => Promise<MessageRow[]>,
  convertMessages: ConvertMessages,
): Promise<Pick<ModelInput, "messages" | "summaryApplied" | "cutMessageId" | "summarySkippedReason" | "summaryStale">> {
  const { plan, summary } = loaded;
  const convert = (ms: MessageRow[]) => convertMessages(toUIMessages(ms), tools);
  const messages = await convert(plan.messages);
  if (!plan.recentSpan || !summary) {
    const reason = summary ? `summary is stale: ${plan.staleReason ?? "its cut message left the transcript"}` : "no summary yet";
    return { messages, summaryApplied: false, cutMessageId: null, summarySkippedReason: reason, summaryStale: plan.summaryStale };
  }
  const check = verifyRequest(messages, {
    summaryText: summary.text,
    userMessagesBeforeCut: plan.userMessagesBeforeCut ?? 0,
    pinnedTexts: plan.pinnedTexts ?? [],
    cutOpeningText: plan.cutOpeningText ?? null,
  });
  if (check.ok) {
    return { messages, summaryApplied: true, cutMessageId: plan.recentSpan.cutMessageId, summarySkippedReason: null, summaryStale: false };
  }
  // The whole current transcript, as if there were no summary.
  const wholeRun = planModelInput(await loadTranscript(), null);
  return {
    messages: await convert(wholeRun.messages),
    summaryApplied: false,
    cutMessageId: null,
    summarySkippedReason: `request check failed: ${check.reason}`,
    summaryStale: false,
  };
}
