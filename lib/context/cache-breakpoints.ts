import type { ModelMessage, SystemModelMessage } from "ai";

/*
 * Anthropic reads a prompt prefix from cache only up to an explicit breakpoint (OpenAI caches the
 * longest shared prefix by itself). The stable prefix of our requests is the system prompt and,
 * between compactions, the first message, which carries the summary (and the pinned messages);
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
  opts: { provider: CacheProvider; summaryOnFirstMessage: boolean },
): { system: string | SystemModelMessage; messages: ModelMessage[] } {
  if (opts.provider !== "anthropic") return { system, messages: [...messages] };
  const marked = messages.map((message, index) => {
    const isSummary = index === 0 && opts.summaryOnFirstMessage;
    const isLast = index === messages.length - 1;
    if (!isSummary && !isLast) return message;
    return { ...message, providerOptions: { ...message.providerOptions, ...EPHEMERAL } } as ModelMessage;
  });
  return { system: { role: "system", content: system, providerOptions: EPHEMERAL }, messages: marked };
}
