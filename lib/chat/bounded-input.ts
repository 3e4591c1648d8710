import type { ModelMessage, SystemModelMessage } from "ai";
import { CHAT_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import type { ModelHandle } from "@/lib/ai/registry";
import { countTokens } from "@/lib/ai/tokens";
import { config } from "@/lib/config";
import { cacheProviderOf, shrinkToolResults, toolResultBaseCap, withCacheBreakpoints } from "@/lib/context";
import { saveToolOutputs } from "@/lib/workspace/tool-outputs";

// Leave room for the reply: the context window holds input and output.
export const INPUT_SHARE_OF_WINDOW = 0.9;
const CHARS_PER_TOKEN = 4;

/** Tool results over their cap are shortened (full output saved); see shrinkToolResults for how the cap is decided. */
async function boundToolResults(messages: ModelMessage[], model: ModelHandle, workspaceId: string) {
  if (!messages.some((m) => m.role === "tool")) return { messages, shrunk: 0 };
  const result = shrinkToolResults(
    messages,
    {
      capTokens: toolResultBaseCap({ setting: config().TOOL_RESULT_MAX_TOKENS, contextWindow: model.contextWindow }),
      limitTokens: model.contextWindow ? Math.floor(model.contextWindow * INPUT_SHARE_OF_WINDOW) : undefined,
      prefixTokens: Math.ceil(CHAT_SYSTEM_PROMPT.length / CHARS_PER_TOKEN),
    },
    countTokens,
  );
  if (result.shrunk.length) await saveToolOutputs(workspaceId, result.shrunk);
  return { messages: result.messages, shrunk: result.shrunk.length };
}

export type BoundedInput = {
  system: string | SystemModelMessage;
  messages: ModelMessage[];
  /** How many tool results were shortened in the first call's input. */
  shortenedToolResults: number;
  /** For streamText: applies the same bound to each step, where this turn's own tool results arrive. */
  prepareStep: (opts: { messages: ModelMessage[]; stepNumber: number }) => Promise<{ messages: ModelMessage[] } | undefined>;
};

/**
 * The last shaping of a request: oversized tool results shortened, so one huge result cannot
 * make a turn larger than the context window, and prompt-cache breakpoints for providers that need them.
 */
export async function boundedInput(
  messages: ModelMessage[],
  /** summaryAfterUserMessages: where the summary rides (see withCacheBreakpoints), null without one. */
  opts: { model: ModelHandle; workspaceId: string; summaryAfterUserMessages: number | null },
): Promise<BoundedInput> {
  const { model, workspaceId } = opts;
  const { summaryAfterUserMessages } = opts;
  const provider = cacheProviderOf(model.id);
  const bounded = await boundToolResults(messages, model, workspaceId);
  const cached = withCacheBreakpoints(CHAT_SYSTEM_PROMPT, bounded.messages, { provider, summaryAfterUserMessages });
  return {
    system: cached.system,
    messages: cached.messages,
    shortenedToolResults: bounded.shrunk,
    // Each step re-marks its last message (the tool results it adds are the next step's and the
    // next turn's cache prefix) and bounds the results that arrived.
    prepareStep: async ({ messages: stepMessages, stepNumber }) => {
      if (stepNumber === 0) return undefined;
      const step = await boundToolResults(stepMessages, model, workspaceId);
      if (provider !== "anthropic") return step.shrunk ? { messages: step.messages } : undefined;
      return { messages: withCacheBreakpoints(CHAT_SYSTEM_PROMPT, step.messages, { provider, summaryAfterUserMessages }).messages };
    },
  };
}
