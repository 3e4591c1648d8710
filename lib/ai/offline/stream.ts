import type { LanguageModelV4StreamPart, LanguageModelV4Usage } from "@ai-sdk/provider";
import type { OfflineReply } from "./respond";
import { json } from "./serialize";

// Word-sized deltas look like a real stream; past this many, words are grouped so a huge echo
// does not take minutes.
const MAX_NORMAL_DELTAS = 400;
// `long <n>` must stay stoppable from a UI even when OFFLINE_DELAY_MS=0 speeds everything else up.
const MIN_SLOW_DELAY_MS = 10;

export type StreamMeta = { responseId: string; modelId: string; usage: LanguageModelV4Usage; toolCallIds: string[] };

export function replyStream(
  reply: OfflineReply,
  meta: StreamMeta,
  delayMs: number,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV4StreamPart> {
  const parts = generateParts(reply, meta);
  const pause = reply.pace === "slow" ? Math.max(delayMs, MIN_SLOW_DELAY_MS) : delayMs;
  let cancelled = false;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      try {
        const next = parts.next();
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value.type === "text-delta" || next.value.type === "tool-input-delta") await sleep(pause, signal);
        if (cancelled) return;
        if (signal?.aborted) throw abortError(signal);
        controller.enqueue(next.value);
      } catch (err) {
        controller.error(err);
      }
    },
    cancel() {
      cancelled = true;
      parts.return(undefined);
    },
  });
}

function* generateParts(reply: OfflineReply, meta: StreamMeta): Generator<LanguageModelV4StreamPart> {
  yield { type: "stream-start", warnings: [] };
  yield { type: "response-metadata", id: meta.responseId, modelId: meta.modelId, timestamp: new Date() };
  if (reply.text !== "") {
    const id = `${meta.responseId}-text`;
    yield { type: "text-start", id };
    for (const delta of chunkText(reply.text, reply.pace === "slow" ? Infinity : MAX_NORMAL_DELTAS)) {
      yield { type: "text-delta", id, delta };
    }
    yield { type: "text-end", id };
  }
  for (const [i, call] of reply.toolCalls.entries()) {
    const id = meta.toolCallIds[i];
    const input = json(call.input);
    yield { type: "tool-input-start", id, toolName: call.toolName };
    for (const delta of chunkChars(input, 8)) yield { type: "tool-input-delta", id, delta };
    yield { type: "tool-input-end", id };
    yield { type: "tool-call", toolCallId: id, toolName: call.toolName, input };
  }
  yield { type: "finish", usage: meta.usage, finishReason: finishReason(reply) };
}

export function finishReason(reply: OfflineReply) {
  return reply.toolCalls.length ? { unified: "tool-calls" as const, raw: "tool_calls" } : { unified: "stop" as const, raw: "stop" };
}

/** Word-ish chunks (a word plus its trailing whitespace), grouped to at most `maxChunks`. */
export function chunkText(text: string, maxChunks: number): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length <= maxChunks) return words;
  const size = Math.ceil(words.length / maxChunks);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(""));
  return out;
}

/** Tool input JSON has few spaces, so it is cut by length instead of by words. */
function chunkChars(text: string, pieces: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / pieces));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Resolves early on abort; the caller then raises the abort error. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** Like fetch: an AbortError, which is what the AI SDK recognises as a user abort. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && (reason.name === "AbortError" || reason.name === "TimeoutError")) return reason;
  return new DOMException("The offline model stream was aborted.", "AbortError");
}
