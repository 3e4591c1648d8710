import { yieldToEventLoop } from "@/lib/jobs/yield";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { config } from "@/lib/config";
import { countTokens } from "../tokens";
import { offlineBehaviours } from "./behaviours";
import { contextOverflowError, OFFLINE_URL } from "./errors";
import { PromptCache } from "./prompt-cache";
import { planReply, type OfflineReply } from "./respond";
import { fileTokens } from "./file-tokens";
import { promptSegments, json } from "./serialize";
import { abortError, finishReason, replyStream } from "./stream";

export type OfflineModelOptions = {
  /** Tokens; defaults to OFFLINE_CONTEXT_WINDOW. */
  contextWindow?: number;
  /** Pause between streamed deltas; defaults to OFFLINE_DELAY_MS. */
  delayMs?: number;
  /** Extra time a summarizer call takes; defaults to OFFLINE_SUMMARY_DELAY_MS. */
  summaryDelayMs?: number;
  /**
   * What this instance is: "chat" answers conversations, "summarizer" writes conversation
   * summaries, "titler" names a conversation (titler.ts). The registry hands the summarizer its own instance, so nothing in a prompt (which
   * real providers receive too) has to tell the offline model which job it is doing.
   */
  role?: OfflineRole;
};

export type OfflineRole = "chat" | "summarizer" | "titler";

/** Read from `providerOptions.offline.cacheKey`; calls in one scope share a prompt cache. */
export const DEFAULT_CACHE_SCOPE = "default";

const MAX_OVERFLOW_ONCE_MEMORY = 1000;
// Work between yields: one yield per message (about 780 in bench ttft's 106k-token input) spent
// 4-9 ms of event-loop turns on a turn's way to its first token; slices keep other requests
// flowing at a few ms' delay.
const SLICE_MS = 4;

/**
 * A real LanguageModelV4 that needs no network: it counts tokens, simulates a prompt cache and a
 * context window, and answers deterministically (see README.md for its directives).
 */
export function createOfflineModel(opts: OfflineModelOptions = {}): LanguageModelV4 {
  const contextWindow = opts.contextWindow ?? config().OFFLINE_CONTEXT_WINDOW;
  const delayMs = opts.delayMs ?? config().OFFLINE_DELAY_MS;
  const summaryDelayMs = opts.summaryDelayMs ?? config().OFFLINE_SUMMARY_DELAY_MS;
  const role = opts.role ?? "chat";
  const cache = new PromptCache();
  const overflowSeen = new Set<string>();
  let calls = 0;

  function firstOverflow(text: string): boolean {
    if (overflowSeen.has(text)) return false;
    if (overflowSeen.size >= MAX_OVERFLOW_ONCE_MEMORY) overflowSeen.clear();
    overflowSeen.add(text);
    return true;
  }

  // A remote provider costs the server nothing while it thinks; this model runs in-process, so it
  // yields between its heavier steps to keep replies streaming in other requests.
  async function run(options: LanguageModelV4CallOptions) {
    if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
    const segments = [];
    let sliceStart = performance.now();
    for (const segment of promptSegments(options.prompt)) {
      segments.push(cache.segment(segment));
      if (performance.now() - sliceStart < SLICE_MS) continue;
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    const inputTokens = segments.reduce((sum, s) => sum + s.tokens, 0) + fileTokens(options.prompt);
    const requestBody = { model: "offline", messages: options.prompt.length };
    if (inputTokens > contextWindow) throw contextOverflowError(contextWindow, inputTokens, requestBody);
    // Empty unless a test harness registered some (behaviours.ts).
    const behaviours = role === "chat" ? offlineBehaviours() : [];
    const reply = planReply({ options, inputTokens, contextWindow, firstOverflow, role, behaviours });
    await yieldToEventLoop();
    // Like a provider, a rejected request neither reads nor writes the cache.
    const cacheRead = cache.readAndStore(cacheScope(options), segments);
    const n = ++calls;
    return {
      reply,
      summarizing: role === "summarizer",
      responseId: `offline-${Date.now().toString(36)}-${n}`,
      toolCallIds: reply.toolCalls.map((_, i) => `offline_call_${Date.now().toString(36)}_${n}_${i}`),
      usage: usage(inputTokens, cacheRead, reply),
      requestBody,
    };
  }

  return {
    specificationVersion: "v4",
    provider: "offline",
    modelId: role === "chat" ? "offline" : `offline-${role}`,
    supportedUrls: {},

    async doGenerate(options): Promise<LanguageModelV4GenerateResult> {
      const call = await run(options);
      if (call.summarizing && summaryDelayMs > 0) await sleep(summaryDelayMs, options.abortSignal);
      const content: LanguageModelV4Content[] = [];
      if (call.reply.text !== "") content.push({ type: "text", text: call.reply.text });
      call.reply.toolCalls.forEach((tc, i) => {
        content.push({ type: "tool-call", toolCallId: call.toolCallIds[i], toolName: tc.toolName, input: json(tc.input) });
      });
      return {
        content,
        finishReason: finishReason(call.reply),
        usage: call.usage,
        request: { url: OFFLINE_URL, body: call.requestBody },
        response: { id: call.responseId, modelId: "offline", timestamp: new Date() },
        warnings: [],
      };
    },

    async doStream(options): Promise<LanguageModelV4StreamResult> {
      const call = await run(options);
      const stream = replyStream(
        call.reply,
        { responseId: call.responseId, modelId: "offline", usage: call.usage, toolCallIds: call.toolCallIds },
        delayMs,
        options.abortSignal,
      );
      return { stream, request: { url: OFFLINE_URL, body: call.requestBody } };
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(abortError(signal));
      },
      { once: true },
    );
  });
}

function cacheScope(options: LanguageModelV4CallOptions): string {
  const key = options.providerOptions?.offline?.cacheKey;
  return typeof key === "string" && key !== "" ? key : DEFAULT_CACHE_SCOPE;
}

function usage(inputTokens: number, cacheRead: number, reply: OfflineReply): LanguageModelV4Usage {
  const text = countTokens(reply.text);
  const tools = reply.toolCalls.reduce((sum, tc) => sum + countTokens(tc.toolName + json(tc.input)), 0);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens - cacheRead, cacheRead, cacheWrite: 0 },
    outputTokens: { total: text + tools, text: text + tools, reasoning: 0 },
  };
}
