import { generateText } from "ai";
import { getSummaryModel } from "@/lib/ai/registry";
import { SUMMARIZER_SYSTEM_PROMPT, buildSummarizerPrompt } from "@/lib/ai/prompts";
import { config } from "@/lib/config";
import { recordModelCall } from "@/lib/db/model-calls";

export type SummarizerResult = { text: string; modelId: string; inputTokens: number; outputTokens: number };

/** One summarizer call, recorded as a `summary` model call on the thread. */
export async function callSummarizer(
  threadId: string,
  previousSummary: string | null,
  messages: { role: string; text: string }[],
  extraInstruction?: string,
): Promise<SummarizerResult> {
  const model = getSummaryModel();
  const prompt = buildSummarizerPrompt({ previousSummary, messages }) + (extraInstruction ? `\n\n${extraInstruction}` : "");
  const started = Date.now();
  try {
    const result = await generateText({
      model: model.model,
      system: SUMMARIZER_SYSTEM_PROMPT,
      prompt,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(config().SUMMARY_TIMEOUT_MS),
      providerOptions: { offline: { cacheKey: `summary:${threadId}` } },
    });
    const usage = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
    await recordModelCall({
      threadId,
      kind: "summary",
      modelId: model.id,
      durationMs: Date.now() - started,
      finishReason: result.finishReason,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cacheReadTokens: result.usage.inputTokenDetails?.cacheReadTokens ?? null,
    });
    return { text: result.text, modelId: model.id, ...usage };
  } catch (error) {
    await recordModelCall({
      threadId,
      kind: "summary",
      modelId: model.id,
      durationMs: Date.now() - started,
      finishReason: "error",
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
    });
    throw error;
  }
}
