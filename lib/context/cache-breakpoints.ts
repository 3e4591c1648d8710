import type { ModelMessage, SystemModelMessage } from "ai";

/*
 * Anthropic reads a prompt prefix from cache only up to an explicit breakpoint (OpenAI caches the
 * longest shared prefix by itself). The stable prefix of our requests is the system prompt and,
 * between compactions, everything up to the message that carries the summary (and the pinned
 * messages): the first user message, or in a routine run the first after the run's start message;
 * the last message marks how far this request got, so the next turn reads all of it back.
 * Anthropic allows four breakpoints; this uses at most three.
 */

const EPHEMERAL = { anthropic: { cacheControl: { type: "ephemeral" } } } as const;

export type CacheProvider = "anthropic" | "other";

export function cacheProviderOf(modelId: string): CacheProvider {
  return modelId.trim().toLowerCase().startsWith("anthropic:") ? "anthropic" : "other";
}

export function withCacheBreakpoints(
  system: string,
  messages: readonly ModelMessage[],
  opts: {
    provider: CacheProvider;
    /**
     * How many user messages precede the one that carries the summary (the plan's
     * `userMessagesBeforeCut`), or null without a summary in the request.
     */
    summaryAfterUserMessages: number | null;
  },
): { system: string | SystemModelMessage; messages: ModelMessage[] } {
  if (opts.provider !== "anthropic") return { system, messages: [...messages] };
  const summaryIndex = opts.summaryAfterUserMessages === null ? -1 : nthUserIndex(messages, opts.summaryAfterUserMessages);
  const marked = messages.map((message, index) => {
    const isSummary = index === summaryIndex;
    const isLast = index === messages.length - 1;
    if (isSummary || isLast) return { ...message, providerOptions: { ...message.providerOptions, ...EPHEMERAL } } as ModelMessage;
    // A later step of the turn passes the first step's messages back: the old last one gives up its mark.
    if (!message.providerOptions?.anthropic?.cacheControl) return message;
    const { cacheControl: _mark, ...anthropic } = message.providerOptions.anthropic as Record<string, unknown>;
    return { ...message, providerOptions: { ...message.providerOptions, anthropic } } as ModelMessage;
  });
  return { system: { role: "system", content: system, providerOptions: EPHEMERAL }, messages: marked };
}

/** The index of the user message with `n` user messages before it, -1 if there is none. */
function nthUserIndex(messages: readonly ModelMessage[], n: number): number {
  let seen = 0;
  for (let i = 0; i < messages.length; i++) {
    if (messages[i]!.role !== "user") continue;
    if (seen === n) return i;
    seen++;
  }
  return -1;
}
