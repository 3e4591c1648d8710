import "server-only";
import { readUIMessageStream, stepCountIs, streamText, type UIMessageChunk } from "ai";
import { CHAT_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import { isContextOverflowError } from "@/lib/ai/overflow";
import { config } from "@/lib/config";
import { foregroundStarted } from "@/lib/jobs/foreground";
import type { MessagePart } from "@/lib/db/messages";
import { recordModelCall } from "@/lib/db/model-calls";
import { publishThreadChange } from "@/lib/events/publish";
import { modelForTurn } from "@/lib/models/thread-model";
import { newMessageId } from "./message-id";
import { classifyTurnError, type TurnFailure } from "./turn-failure";
import { requestTurnStop } from "./turn-lease";
import { admitTurnOpening, prepareTurn } from "./turn-opening";
import { authSecret } from "@/lib/auth/secret";
import { withAnsweredCall } from "./answered-call";
import { ReplyRecorder } from "./reply-recorder";
import { toolBudget } from "./tool-budget";
import { guardTurn } from "./turn-guard";
import type { TurnEndData, TurnOutcome, TurnStart, TurnStatus } from "./turn-types";

export type { TurnOutcome, TurnStart } from "./turn-types";

export type RunningTurn = {
  /** The UI message stream; reading it is optional: the reply is stored whether or not anyone reads. */
  stream: ReadableStream<UIMessageChunk>;
  /** Settles once the reply row is final and the thread accepts the next turn. */
  outcome: Promise<TurnOutcome>;
  assistantMessageId: string;
  answeredMessageId: string | null;
};

const MAX_STEPS = 8;

// Turns running in this process, so a stop request served here takes effect at once; a stop
// served by another instance is seen at this process's next lease heartbeat.
const localTurns = new Map<string, AbortController>();

/**
 * Runs one turn for (thread, start, signal), with no knowledge of HTTP: a browser, a retry, an
 * edit's regeneration and a routine run all come through here. One transaction (or, for a new
 * message on PostgreSQL, one statement) checks ownership as it locks the thread (nothing of another
 * user's thread is read), claims it (one turn at a time, across instances), puts the transcript in
 * the state the turn answers and stores the reply row; then the compacted input is built.
 */
/** The recorded input names an attached image but never stores its bytes (a data URL) on every call. */
function withoutFileBytes(key: string, value: unknown): unknown {
  return (key === "url" || key === "data") && typeof value === "string" && value.startsWith("data:")
    ? `${value.slice(0, value.indexOf(",") + 1)}[bytes not recorded]`
    : value;
}

export async function runTurn(opts: {
  userId: string;
  threadId: string;
  start: TurnStart | { kind: "regenerate"; messageId: string };
  signal?: AbortSignal;
  runId?: string | null;
}): Promise<RunningTurn> {
  const { threadId } = opts;
  // Until the first token, background work of this process waits for this turn (foreground.ts):
  // from the turn's first read on, or a compaction started just before takes that read's turns.
  const firstTokenReached = foregroundStarted();
  const {
    REPLY_SAVE_EVERY_MS,
    REPLY_SAVE_BYTES_PER_S,
    MAX_TOOL_CALLS_PER_STEP,
    MAX_TOOL_CALLS_PER_TURN,
    MAX_REPLY_CHARS,
    MAX_TURN_SECONDS,
  } = config();
  const assistantMessageId = newMessageId();
  const controller = new AbortController();
  const abort = () => controller.abort();
  const { model, answeredMessageId, tools, toolApproval, answeredCall, input, releaseLease, approvalSecret } = await (async () => {
    // The thread's chosen model, else CHAT_MODEL; one the server no longer offers is a 400 here.
    const model = await modelForTurn(opts.userId, threadId);
    // Read before the turn opens: once it is claimed, a failure here would leave it held.
    const approvalSecret = await authSecret();
    const prepared = await admitTurnOpening(() =>
      prepareTurn({ ...opts, runId: opts.runId ?? null, model }, { id: assistantMessageId, onLeaseLost: abort }),
    );
    return { model, approvalSecret, ...prepared };
  })().catch((e: unknown) => {
    firstTokenReached();
    throw e;
  });
  // A retry (or a regeneration that turns out to be one) replaced the reply it retries.
  if (opts.start.kind === "retry" || opts.start.kind === "regenerate")
    void publishThreadChange(threadId, { type: "message.replaced", messageId: opts.start.messageId, replacedBy: assistantMessageId });
  void publishThreadChange(threadId, { type: "turn.started", messageId: assistantMessageId, answeredMessageId });
  opts.signal?.addEventListener("abort", abort, { once: true });
  localTurns.set(threadId, controller);
  const recorder = new ReplyRecorder(threadId, assistantMessageId, {
    saveEveryMs: REPLY_SAVE_EVERY_MS,
    saveBytesPerSecond: REPLY_SAVE_BYTES_PER_S,
    releaseLease,
  });
  recorder.start();

  let failure: TurnFailure | null = null;
  let rawError: unknown = null;
  let lastInputTokens: number | null = null;
  let stepStartedAt = Date.now();
  let firstCall = true;
  const summaryFields = {
    summaryApplied: input.summaryApplied,
    cutMessageId: input.cutMessageId,
    summarySkippedReason: input.summarySkippedReason,
  };
  const record = (fields: Partial<Parameters<typeof recordModelCall>[0]>) => {
    const inputJson = firstCall ? JSON.stringify({ system: CHAT_SYSTEM_PROMPT, messages: input.messages }, withoutFileBytes) : null;
    firstCall = false;
    const durationMs = Date.now() - stepStartedAt;
    stepStartedAt = Date.now();
    return recordModelCall({
      threadId,
      messageId: assistantMessageId,
      kind: "chat",
      modelId: model.id,
      durationMs,
      input: inputJson,
      ...summaryFields,
      ...fields,
    }).catch((e) => console.error("[model call not recorded]", e));
  };

  const budget = toolBudget(tools, { perStep: MAX_TOOL_CALLS_PER_STEP, perTurn: MAX_TOOL_CALLS_PER_TURN });
  const result = streamText({
    model: model.model,
    // With a cache breakpoint for providers that need one (Anthropic).
    system: input.system,
    messages: input.messages,
    // Shortens this turn's oversized tool results, so one huge result cannot overflow the window.
    prepareStep: (step) => {
      budget.startStep();
      return input.prepareStep(step);
    },
    tools: budget.tools,
    // MCP calls run, wait for a person, or are refused by the thread's policy (lib/mcp/policy.ts);
    // approval requests are signed, so one the transcript did not get from here is refused.
    toolApproval,
    experimental_toolApprovalSecret: approvalSecret,
    stopWhen: [stepCountIs(MAX_STEPS), budget.stopWhen],
    maxRetries: 1,
    abortSignal: controller.signal,
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
      rawError = error;
      failure = classifyTurnError(error);
      await record({ error: failure.message, finishReason: "error" });
    },
    onAbort: async () => {
      await record({ finishReason: "aborted" });
    },
  });

  // Whatever the model streams, the turn ends at its bounds: the model call is aborted there.
  const uiStream = result.toUIMessageStream({
    generateMessageId: () => assistantMessageId,
    onError: (e) => classifyTurnError(e).message,
    redactToolErrors: false,
  });
  const guard = guardTurn(answeredCall ? withAnsweredCall(uiStream, answeredCall) : uiStream, {
    limits: {
      toolCallsPerStep: MAX_TOOL_CALLS_PER_STEP,
      toolCallsPerTurn: MAX_TOOL_CALLS_PER_TURN,
      replyChars: MAX_REPLY_CHARS,
      turnSeconds: MAX_TURN_SECONDS,
    },
    abort: (reason) => controller.abort(reason),
    startedCalls: budget.started,
    noteId: `${assistantMessageId}-bound`,
  });
  const [toClient, toStore] = guard.stream.tee();

  const outcome = (async (): Promise<TurnOutcome> => {
    await followReply(toStore, recorder, firstTokenReached);
    firstTokenReached();
    guard.dispose();
    // A turn its bounds ended is stopped, with the note as its last part, even if the abort surfaced as an error.
    const bound = guard.bound();
    if (bound) failure = null;
    const status: TurnStatus = failure ? "error" : controller.signal.aborted ? "stopped" : "complete";
    const { text } = await recorder.finish(status, failure, "Stopped before any reply.").catch((e) => {
      console.error("[assistant message not finalized]", e);
      return { text: "" };
    });
    localTurns.delete(threadId);
    opts.signal?.removeEventListener("abort", abort);
    void publishThreadChange(threadId, { type: "turn.ended", messageId: assistantMessageId, status });
    const f = failure as TurnFailure | null;
    return {
      status,
      errorCode: f?.code ?? null,
      error: f?.message ?? null,
      retryable: f?.retryable ?? false,
      lastInputTokens,
      contextWindow: model.contextWindow,
      overflow: !bound && rawError !== null && isContextOverflowError(rawError),
      bound,
      boundedSpan: input.boundedSpan !== null,
      assistantMessageId,
      userMessageId: answeredMessageId,
      text,
    };
  })();

  return { stream: withTurnEnd(toClient, outcome), outcome, assistantMessageId, answeredMessageId };
}

/** Stops the thread's running turn, wherever it runs. */
export async function stopTurn(threadId: string): Promise<boolean> {
  const requested = await requestTurnStop(threadId);
  localTurns.get(threadId)?.abort();
  return requested;
}

// Saved at once, not at the next timer tick: a tool result is the record of an effect that happened.
const SAVE_NOW = new Set<UIMessageChunk["type"]>(["finish-step", "tool-output-available", "tool-output-error"]);

// Chunks that open a reply, a step or a part before any of its content: the turn's first token
// is the first chunk past these (a text-start comes one model tick before its first delta).
const BEFORE_OUTPUT = new Set<UIMessageChunk["type"]>(["start", "start-step", "text-start", "reasoning-start"]);

/** Reads the reply as it streams and hands each state to the recorder; step ends and tool results save at once. */
async function followReply(stream: ReadableStream<UIMessageChunk>, recorder: ReplyRecorder, onModelOutput: () => void): Promise<void> {
  let saveNow = false;
  const tapped = stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, out) {
        if (!BEFORE_OUTPUT.has(chunk.type)) onModelOutput();
        if (SAVE_NOW.has(chunk.type)) saveNow = true;
        out.enqueue(chunk);
      },
    }),
  );
  try {
    for await (const message of readUIMessageStream({ stream: tapped })) {
      recorder.update(message.parts as MessagePart[]);
      if (saveNow) {
        saveNow = false;
        void recorder.flush();
      }
    }
  } catch (e) {
    console.error("[reply stream failed]", e);
  }
}

/** The client's copy of the stream, ending with the stored ids and status (sent once they are final). */
function withTurnEnd(stream: ReadableStream<UIMessageChunk>, outcome: Promise<TurnOutcome>): ReadableStream<UIMessageChunk> {
  let finish: UIMessageChunk | null = null;
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, out) {
        if (chunk.type === "finish") finish = chunk;
        else out.enqueue(chunk);
      },
      async flush(out) {
        const o = await outcome;
        const data: TurnEndData = {
          userMessageId: o.userMessageId,
          assistantMessageId: o.assistantMessageId,
          status: o.status,
          errorCode: o.errorCode,
          retryable: o.retryable,
        };
        out.enqueue({ type: "data-turn", data, transient: true });
        out.enqueue(finish ?? { type: "finish" });
      },
    }),
  );
}
