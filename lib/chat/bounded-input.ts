import type { ModelMessage, SystemModelMessage } from "ai";
import { CHAT_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import type { ModelHandle } from "@/lib/ai/registry";
import { countTokens } from "@/lib/ai/tokens";
import { config } from "@/lib/config";
import { cacheProviderOf, outputText, shrinkToolResults, toolResultCap, withCacheBreakpoints } from "@/lib/context";
import { saveToolOutputs } from "@/lib/workspace/tool-outputs";

// Leave room for the reply: the window holds input and output.
const INPUT_SHARE_OF_WINDOW = 0.9;
const CHARS_PER_TOKEN = 4;

/** Tool results over the cap are shortened (full output saved); the cap shrinks while the request is too big. */
async function boundToolResults(messages: ModelMessage[], model: ModelHandle, workspaceId: string) {
  const toolChars: number[] = [];
  for (const m of messages)
    if (m.role === "tool") for (const p of m.content) if (p.type === "tool-result") toolChars.push(outputText(p.output).length);
  if (toolChars.length === 0) return { messages, shrunk: 0 };
  const cap = toolResultCap({
    setting: config().TOOL_RESULT_MAX_TOKENS,
    contextWindow: model.contextWindow,
    requestTokens: Math.ceil((CHAT_SYSTEM_PROMPT.length + JSON.stringify(messages).length) / CHARS_PER_TOKEN),
    toolTokens: toolChars.map((n) => Math.ceil(n / CHARS_PER_TOKEN)),
    limitTokens: model.contextWindow ? Math.floor(model.contextWindow * INPUT_SHARE_OF_WINDOW) : undefined,
  });
  const result = shrinkToolResults(messages, cap, (text) => countTokens(text, model.family));
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
 * make a turn larger than the window, and prompt-cache breakpoints for providers that need them.
 */
export async function boundedInput(
  messages: ModelMessage[],
  opts: { model: ModelHandle; workspaceId: string; windowApplied: boolean },
): Promise<BoundedInput> {
  const { model, workspaceId } = opts;
  const bounded = await boundToolResults(messages, model, workspaceId);
  const cached = withCacheBreakpoints(CHAT_SYSTEM_PROMPT, bounded.messages, {
    provider: cacheProviderOf(model.id),
    summaryOnFirstMessage: opts.windowApplied,
  });
  return {
    system: cached.system,
    messages: cached.messages,
    shortenedToolResults: bounded.shrunk,
    prepareStep: async ({ messages: stepMessages, stepNumber }) => {
      if (stepNumber === 0) return undefined;
      const step = await boundToolResults(stepMessages, model, workspaceId);
      return step.shrunk ? { messages: step.messages } : undefined;
    },
  };
}
