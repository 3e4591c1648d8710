import { convertToModelMessages, type ModelMessage, type SystemModelMessage, type ToolSet, type UIMessage } from "ai";
import { getChatModel, type ModelHandle } from "@/lib/ai/registry";
import { imageRefs, verifyRequest, withAttachmentInputs, withoutAnsweredApprovalCopies, type BoundedSpan } from "@/lib/context";
import { loadImageInputs } from "@/lib/attachments/model-images";
import type { MessageRow } from "@/lib/db/messages";
import { boundedInput, type BoundedInput } from "./bounded-input";
import type { LoadedRecentSpan, PlannedRun } from "./recent-span";
import { boundedSpanReason } from "./run-bound";

export type ModelInput = {
  messages: ModelMessage[];
  /** True when the request carries the summary on the cut message and only the recent span after it. */
  summaryApplied: boolean;
  cutMessageId: string | null;
  /** Why the summary was not applied (no summary, stale, or a failed request check). */
  summarySkippedReason: string | null;
  summaryStale: boolean;
  /** Set when the run would not fit without its summary and only a recent span was sent (with the recall note). */
  boundedSpan: BoundedSpan | null;
  /** The system prompt, with a cache breakpoint for providers that need one. */
  system: string | SystemModelMessage;
  shortenedToolResults: number;
  /** Pass to streamText: bounds the tool results that arrive during the turn. */
  prepareStep: BoundedInput["prepareStep"];
};

/**
 * Stored rows -> UI messages: two pure transforms from lib/context (an answered approval's earlier
 * copy left out; each attachment as its note, an image also as a file part with the bytes loaded here).
 */
async function toUIMessages(workspaceId: string, messages: MessageRow[]): Promise<UIMessage[]> {
  const images = await loadImageInputs(workspaceId, imageRefs(messages));
  return withoutAnsweredApprovalCopies(messages).map((m) => ({
    id: m.id,
    role: m.role,
    parts: withAttachmentInputs(m.parts, images) as UIMessage["parts"],
  }));
}

/**
 * plan (lib/context) -> UI messages -> model messages -> request check. The check counts user
 * messages in the converted request to find the cut and compares its opening text with the stored
 * cut message (the summary part excluded). A failed check sends the run without its summary
 * rather than a summary in the wrong place (held to the context window like a stale summary's:
 * loadWholeRun), and says why.
 */
export async function buildModelInput(
  loaded: LoadedRecentSpan,
  tools: ToolSet,
  loadWholeRun: () => Promise<PlannedRun>,
  model: ModelHandle = getChatModel(),
): Promise<ModelInput> {
  const input = await checkedInput(loaded, tools, loadWholeRun);
  const bounded = await boundedInput(input.messages, {
    model,
    workspaceId: loaded.workspaceId,
    summaryAfterUserMessages: input.summaryApplied ? (loaded.plan.userMessagesBeforeCut ?? 0) : null,
  });
  return { ...input, ...bounded };
}

type CheckedInput = Pick<
  ModelInput,
  "messages" | "summaryApplied" | "cutMessageId" | "summarySkippedReason" | "summaryStale" | "boundedSpan"
>;

async function checkedInput(loaded: LoadedRecentSpan, tools: ToolSet, loadWholeRun: () => Promise<PlannedRun>): Promise<CheckedInput> {
  const { plan, summary } = loaded;
  const convert = async (ms: MessageRow[]) =>
    convertToModelMessages(await toUIMessages(loaded.workspaceId, ms), { tools, ignoreIncompleteToolCalls: true });
  // Without the summary, the record says why, and whether the run was held to the context window.
  const withoutSummary = async (run: PlannedRun["plan"], why: string, summaryStale: boolean): Promise<CheckedInput> => ({
    messages: await convert(run.messages),
    summaryApplied: false,
    cutMessageId: null,
    summarySkippedReason: run.boundedSpan ? `${why}; ${boundedSpanReason(run.boundedSpan)}` : why,
    summaryStale,
    boundedSpan: run.boundedSpan ?? null,
  });
  if (!plan.recentSpan || !summary) {
    const reason = summary ? `summary is stale: ${plan.staleReason ?? "its cut message left the transcript"}` : "no summary yet";
    return withoutSummary(plan, reason, plan.summaryStale);
  }
  const messages = await convert(plan.messages);
  const check = verifyRequest(messages, {
    summaryText: summary.text,
    userMessagesBeforeCut: plan.userMessagesBeforeCut ?? 0,
    pinnedTexts: plan.pinnedTexts ?? [],
    cutOpeningText: plan.cutOpeningText ?? null,
  });
  if (check.ok) {
    const cutMessageId = plan.recentSpan.cutMessageId;
    return { messages, summaryApplied: true, cutMessageId, summarySkippedReason: null, summaryStale: false, boundedSpan: null };
  }
  // The current run, as if there were no summary.
  return withoutSummary((await loadWholeRun()).plan, `request check failed: ${check.reason}`, false);
}
