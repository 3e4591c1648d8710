import { consumeStream, createIdGenerator, stepCountIs, streamText, type UIMessage } from "ai";
import { getChatModel } from "@/lib/ai/registry";
import { CHAT_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import { countTokens } from "@/lib/ai/tokens";
import { isContextOverflowError } from "@/lib/ai/overflow";
import { countMessageTokens, messageText } from "@/lib/context";
import { appendMessage, type MessagePart } from "@/lib/db/messages";
import { storeReply } from "./store-reply";
import { recordModelCall } from "@/lib/db/model-calls";
import { getOwnedThread, renameThread } from "@/lib/db/threads";
import { buildModelInput } from "./model-input";
import { loadRunTranscript, loadWindow } from "./window";
import { agentTools } from "./tools";
import { describeModelError } from "./errors";
import { prepareRetry } from "./retry";
import { assertAwaitingReply } from "./edit";

export type TurnOutcome = { lastInputTokens: number | null; overflow: boolean; status: "complete" | "stopped" | "error" };

export type TurnStart =
  | { kind: "submit"; parts: MessagePart[] }
  | { kind: "retry"; messageId: string }
  | { kind: "continue"; messageId: string }; // answer the latest user message again (after an edit)

const newMessageId = createIdGenerator({ prefix: "msg", size: 20 });
const MAX_STEPS = 8;

/**
 * One turn: store the user message first, build the compacted input, stream, and store the
 * assistant message however the stream ends. `done` settles after the assistant row is written,
 * with what the compaction trigger needs.
 */
export async function runTurn(opts: {
  userId: string;
  threadId: string;
  start: TurnStart;
  signal: AbortSignal;
}): Promise<{ response: Response; done: Promise<TurnOutcome> }> {
  const { userId, threadId, start, signal } = opts;
  const thread = await getOwnedThread(userId, threadId);
  const model = getChatModel();
  const count = (text: string) => countTokens(text, model.family);

  // The user message this turn answers: if an edit or retry removes it while the reply streams,
  // the reply is still stored, but only for audit.
  let answeredId: string | null;
  if (start.kind === "submit") {
    const text = messageText(start.parts);
    const stored = await appendMessage(threadId, { role: "user", parts: start.parts, text, tokens: countMessageTokens(start.parts, count) });
    answeredId = stored.id;
    if (thread.title === "New chat") await renameThread(userId, threadId, text.replace(/\s+/g, " ").trim().slice(0, 60) || "New chat");
  } else if (start.kind === "retry") {
    answeredId = await prepareRetry(threadId, start.messageId);
  } else {
    await assertAwaitingReply(threadId, start.messageId);
    answeredId = start.messageId;
  }

  const assistantId = newMessageId();
  const tools = agentTools({ userId, threadId, workspaceId: thread.workspaceId, assistantMessageId: assistantId });
  const input = await buildModelInput(await loadWindow(threadId), tools, () => loadRunTranscript(threadId));
  const windowFields = { windowApplied: input.windowApplied, windowCutMessageId: input.cutMessageId, windowReason: input.reason };

  let settle!: (o: TurnOutcome) => void;
  const done = new Promise<TurnOutcome>((resolve) => (settle = resolve));
  let turnError: unknown = null;
  let lastInputTokens: number | null = null;
  let stepStartedAt = Date.now();
  let firstCall = true;
  const record = (fields: Partial<Parameters<typeof recordModelCall>[0]>) => {
    const inputJson = firstCall ? JSON.stringify({ system: CHAT_SYSTEM_PROMPT, messages: input.messages }) : null;
    firstCall = false;
    const durationMs = Date.now() - stepStartedAt;
    stepStartedAt = Date.now();
    return recordModelCall({ threadId, messageId: assistantId, kind: "chat", modelId: model.id, durationMs, input: inputJson, ...windowFields, ...fields })
      .catch((e) => console.error("[model call not recorded]", e));
  };

  const result = streamText({
    model: model.model,
    system: input.system, // context: cache breakpoints (issue 12)
    messages: input.messages,
    prepareStep: input.prepareStep, // context: shortens oversized tool results of this turn (issue 12)
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: 1,
    abortSignal: signal,
    providerOptions: { offline: { cacheKey: threadId } },
    onStepEnd: async (step) => {
      lastInputTokens = step.usage.inputTokens ?? null;
      await record({
        inputTokens: step.usage.inputTokens ?? null,
        cacheReadTokens: step.usage.inputTokenDetails?.cacheReadTokens ?? null,
        outputTokens: step.usage.outputTokens ?? null,
        finishReason: step.finishReason,
      });
    },
    onError: async ({ error }) => {
      turnError = error;
      await record({ error: describeModelError(error), finishReason: "error" });
    },
    onAbort: async () => {
      await record({ finishReason: "aborted" });
    },
  });

  const response = result.toUIMessageStreamResponse({
    originalMessages: [] as UIMessage[],
    generateMessageId: () => assistantId,
    consumeSseStream: consumeStream,
    onError: (error) => describeModelError(error),
    onEnd: async ({ responseMessage, isAborted }) => {
      const status: TurnOutcome["status"] = turnError ? "error" : isAborted ? "stopped" : "complete";
      const parts = (responseMessage?.parts ?? []) as MessagePart[];
      const text = messageText(parts);
      const error = turnError ? describeModelError(turnError) : null;
      try {
        await storeReply(threadId, answeredId, {
          id: assistantId, role: "assistant", parts, text, tokens: countMessageTokens(parts, count), status,
          error: error ?? (status === "stopped" && !text ? "Stopped before any reply." : null),
        });
      } catch (e) {
        console.error("[assistant message not stored]", e);
      }
      settle({ lastInputTokens, overflow: turnError !== null && isContextOverflowError(turnError), status });
    },
  });
  return { response, done };
}
