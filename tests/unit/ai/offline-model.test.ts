import { APICallError } from "@ai-sdk/provider";
import { generateText, streamText, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { createOfflineModel, OFFLINE_NOTICE, serializePrompt } from "@/lib/ai/offline";
import { isContextOverflowError } from "@/lib/ai/overflow";
import { countTokens } from "@/lib/ai/tokens";

const SYSTEM = "You are a test assistant.";

describe("offline model via streamText", () => {
  it("streams the notice and a deterministic reply in many deltas, with usage matching countTokens", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const result = streamText({ model, system: SYSTEM, prompt: "Please migrate the billing module to the new API." });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") deltas.push(part.text);
    const text = await result.text;
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join("")).toBe(text);
    expect(text.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(text).toContain('You said: "Please migrate the billing module to the new API."');

    const usage = await result.usage;
    const expectedInput = countTokens(
      serializePrompt([
        { role: "system", content: SYSTEM },
        { role: "user", content: [{ type: "text", text: "Please migrate the billing module to the new API." }] },
      ]),
    );
    expect(usage.inputTokens).toBe(expectedInput);
    expect(usage.outputTokens).toBe(countTokens(text));
    expect(await result.finishReason).toBe("stop");

    const again = await generateText({
      model: createOfflineModel(),
      system: SYSTEM,
      prompt: "Please migrate the billing module to the new API.",
    });
    expect(again.text).toBe(text); // deterministic across instances and across stream/generate
  });

  it("reports cacheRead = previous input when the prompt extends it, 0 in another cache scope", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const first: ModelMessage[] = [{ role: "user", content: "First question about the plan." }];
    const scope = (cacheKey: string) => ({ offline: { cacheKey } });

    const r1 = await generateText({ model, system: SYSTEM, messages: first, providerOptions: scope("thread-1") });
    expect(r1.usage.inputTokenDetails.cacheReadTokens).toBe(0);
    expect(r1.usage.inputTokenDetails.noCacheTokens).toBe(r1.usage.inputTokens);

    const second: ModelMessage[] = [...first, ...r1.response.messages, { role: "user", content: "And a follow-up." }];
    const r2 = await generateText({ model, system: SYSTEM, messages: second, providerOptions: scope("thread-1") });
    expect(r2.usage.inputTokenDetails.cacheReadTokens).toBe(r1.usage.inputTokens);
    expect(r2.usage.inputTokenDetails.noCacheTokens).toBe(r2.usage.inputTokens! - r1.usage.inputTokens!);

    const other = await generateText({ model, system: SYSTEM, messages: second, providerOptions: scope("thread-2") });
    expect(other.usage.inputTokenDetails.cacheReadTokens).toBe(0);

    // A changed system prompt invalidates everything after it, like a real provider cache.
    const changed = await generateText({ model, system: SYSTEM + "!", messages: second, providerOptions: scope("thread-1") });
    expect(changed.usage.inputTokenDetails.cacheReadTokens).toBe(0);
  });

  it("throws an OpenAI-shaped context_length_exceeded APICallError above the window", async () => {
    const model = createOfflineModel({ contextWindow: 50, delayMs: 0 });
    const err = await generateText({ model, prompt: "word ".repeat(100), maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    const api = err as APICallError;
    expect(api.statusCode).toBe(400);
    expect(api.isRetryable).toBe(false);
    expect(api.url).toBe("offline://chat");
    expect(api.data).toEqual(JSON.parse(api.responseBody!));
    expect(api.data).toMatchObject({ error: { code: "context_length_exceeded", type: "invalid_request_error" } });
    expect(api.message).toMatch(/maximum context length is 50 tokens\. However, your messages resulted in \d+ tokens\./);
    expect(isContextOverflowError(err)).toBe(true);

    // Just under the window is fine.
    const fits = await generateText({ model, prompt: "short", maxRetries: 0 });
    expect(fits.usage.inputTokens).toBeLessThanOrEqual(50);
  });

  it("surfaces the overflow through streamText's error stream as well", async () => {
    const model = createOfflineModel({ contextWindow: 10, delayMs: 0 });
    const errors: unknown[] = [];
    const result = streamText({ model, prompt: "word ".repeat(100), maxRetries: 0, onError: ({ error }) => void errors.push(error) });
    for await (const part of result.fullStream) void part;
    expect(errors).toHaveLength(1);
    expect(isContextOverflowError(errors[0])).toBe(true);
  });

  it("`overflow` and `fail` throw on demand; `overflow once` only the first time", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const overflow = await generateText({ model, prompt: "overflow", maxRetries: 0 }).catch((e: unknown) => e);
    expect(isContextOverflowError(overflow)).toBe(true);

    const fail = await generateText({ model, prompt: "fail", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(fail)).toBe(true);
    expect((fail as APICallError).statusCode).toBe(500);
    expect((fail as APICallError).isRetryable).toBe(false);
    expect(isContextOverflowError(fail)).toBe(false);

    const once = await generateText({ model, prompt: "overflow once", maxRetries: 0 }).catch((e: unknown) => e);
    expect(isContextOverflowError(once)).toBe(true);
    const retried = await generateText({ model, prompt: "overflow once", maxRetries: 0 });
    expect(retried.text).toContain(OFFLINE_NOTICE);
  });

  it("`echo input` replies with what the model received", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const messages: ModelMessage[] = [
      { role: "user", content: "Earlier question" },
      { role: "assistant", content: "Earlier answer" },
      { role: "user", content: "echo input" },
    ];
    const { text } = await generateText({ model, system: "SYS PROMPT", messages });
    const block = /```json\n([\s\S]*?)\n```/.exec(text);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1])).toEqual({
      system: "SYS PROMPT",
      messages: [
        { role: "user", parts: [{ type: "text", text: "Earlier question" }] },
        { role: "assistant", parts: [{ type: "text", text: "Earlier answer" }] },
        { role: "user", parts: [{ type: "text", text: "echo input" }] },
      ],
    });
  });

  it("`long <n>` streams n numbered lines", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const { text } = await generateText({ model, prompt: "long 3" });
    expect(text).toContain("Line 1 of 3.\nLine 2 of 3.\nLine 3 of 3.");
    expect(text).not.toContain("Line 4");
  });

  it("stops streaming promptly when aborted mid-stream", async () => {
    const model = createOfflineModel({ delayMs: 5 });
    const controller = new AbortController();
    const result = streamText({ model, prompt: "long 500", abortSignal: controller.signal });
    let text = "";
    let aborted = false;
    const started = Date.now();
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        if (text.includes("Line 3 of 500.")) controller.abort();
      }
      if (part.type === "abort") aborted = true;
    }
    expect(aborted).toBe(true);
    expect(text).toContain("Line 3 of 500.");
    expect(text).not.toContain("Line 10 of 500.");
    expect(Date.now() - started).toBeLessThan(2000); // 500 lines would take >= 20 s
  });

  it("rejects immediately when the signal is already aborted", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const err = await Promise.resolve(model.doGenerate({ prompt: [], abortSignal: AbortSignal.abort() })).catch((e: unknown) => e);
    expect((err as Error).name).toBe("AbortError");
  });
});
