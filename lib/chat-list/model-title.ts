import { generateText } from "ai";
import { TITLE_SYSTEM_PROMPT, buildTitlePrompt } from "@/lib/ai/prompts";
import { getTitleModel } from "@/lib/ai/registry";
import { titleFromModelText } from "@/lib/context/plain-title";
import { db } from "@/lib/db/client";
import { recordModelCall } from "@/lib/db/model-calls";
import { awaitsModelTitle, setModelTitle } from "@/lib/db/threads";
import { publishThreadChange } from "@/lib/events/publish";

/** Each message of the first exchange is cut to this for the title call: its opening says what the chat is about. */
const EXCERPT_CHARS = 2000;
const TITLE_TIMEOUT_MS = 30_000;
const MAX_TITLE_TOKENS = 40;
/** Title calls per chat at most: a model that never answers with a usable title must not cost a call on every reply. */
const TITLE_ATTEMPTS = 3;

/**
 * Names a chat after its first exchange, in the background (lib/chat/after-turn.ts): one small
 * model call on the person's first message and the first reply, recorded as a `title` model
 * call. The answer replaces the automatic title (the first message, cut) only while that is still
 * the title (setModelTitle's compare-and-set), and open tabs of the chat hear of it. A chat that
 * already has its title costs one read; a failed call (or an answer that is no title) leaves the
 * automatic title, and the next reply tries again, up to TITLE_ATTEMPTS calls in all.
 */
export async function titleAfterExchange(threadId: string): Promise<string | null> {
  if (!(await awaitsModelTitle(threadId))) return null;
  if ((await db().modelCall.count({ where: { threadId, kind: "title" } })) >= TITLE_ATTEMPTS) return null;
  const exchange = await firstExchange(threadId);
  if (!exchange) return null;
  const answer = await callTitleModel(threadId, exchange);
  const title = titleFromModelText(answer);
  if (!title || !(await setModelTitle(threadId, title))) return null;
  await publishThreadChange(threadId, { type: "thread.changed" });
  return title;
}

/** The person's first message and the first reply with text after it; null before there is one. */
async function firstExchange(threadId: string): Promise<{ role: string; text: string }[] | null> {
  const rows = await db().message.findMany({
    where: { threadId, deletedAt: null, status: { not: "streaming" } },
    orderBy: { seq: "asc" },
    take: 8,
    select: { role: true, text: true, seq: true },
  });
  const question = rows.find((m) => m.role === "user" && m.text.trim() !== "");
  const answer = question && rows.find((m) => m.role === "assistant" && m.seq > question.seq && m.text.trim() !== "");
  if (!question || !answer) return null;
  return [question, answer].map((m) => ({ role: m.role, text: m.text.slice(0, EXCERPT_CHARS) }));
}

async function callTitleModel(threadId: string, messages: { role: string; text: string }[]): Promise<string> {
  const model = getTitleModel();
  const started = Date.now();
  const call = { threadId, kind: "title" as const, modelId: model.id };
  try {
    const result = await generateText({
      model: model.model,
      system: TITLE_SYSTEM_PROMPT,
      prompt: buildTitlePrompt(messages),
      maxOutputTokens: MAX_TITLE_TOKENS,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
      providerOptions: { offline: { cacheKey: `title:${threadId}` } },
    });
    await recordModelCall({
      ...call,
      durationMs: Date.now() - started,
      finishReason: result.finishReason,
      inputTokens: result.usage.inputTokens ?? null,
      outputTokens: result.usage.outputTokens ?? null,
      cacheReadTokens: result.usage.inputTokenDetails?.cacheReadTokens ?? null,
    });
    return result.text;
  } catch (error) {
    await recordModelCall({
      ...call,
      durationMs: Date.now() - started,
      finishReason: "error",
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
    });
    throw error;
  }
}
