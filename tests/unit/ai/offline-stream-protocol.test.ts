import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { createOfflineModel } from "@/lib/ai/offline";

const user = (text: string) => [{ role: "user" as const, content: [{ type: "text" as const, text }] }];

async function readAll(stream: ReadableStream<LanguageModelV4StreamPart>) {
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return parts;
}

describe("offline doStream protocol", () => {
  it("emits stream-start, metadata, one text block and a finish with v4 usage", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const { stream } = await model.doStream({ prompt: user("hello there") });
    const parts = await readAll(stream);
    const types = parts.map((p) => p.type).filter((t, i, all) => t !== "text-delta" || all[i - 1] !== "text-delta");
    expect(types).toEqual(["stream-start", "response-metadata", "text-start", "text-delta", "text-end", "finish"]);
    const finish = parts.at(-1) as Extract<LanguageModelV4StreamPart, { type: "finish" }>;
    expect(finish.finishReason).toEqual({ unified: "stop", raw: "stop" });
    expect(finish.usage.inputTokens).toEqual({ total: expect.any(Number), noCache: expect.any(Number), cacheRead: 0, cacheWrite: 0 });
    expect(finish.usage.outputTokens).toMatchObject({ total: expect.any(Number), reasoning: 0 });
  });

  it("emits tool-input-start/delta/end and tool-call with JSON input, finishing with tool-calls", async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const tools = [{ type: "function" as const, name: "read_file", inputSchema: { type: "object" as const } }];
    const { stream } = await model.doStream({ prompt: user("read plan.md"), tools });
    const parts = await readAll(stream);
    const call = parts.find((p) => p.type === "tool-call");
    expect(call).toMatchObject({ type: "tool-call", toolName: "read_file", input: '{"path":"plan.md"}' });
    const id = (call as { toolCallId: string }).toolCallId;
    const inputParts = parts.filter((p) => "id" in p && p.id === id).map((p) => p.type);
    expect(inputParts[0]).toBe("tool-input-start");
    expect(inputParts.at(-1)).toBe("tool-input-end");
    expect(inputParts.filter((t) => t === "tool-input-delta").length).toBeGreaterThan(1);
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "tool-calls" } });
  });

  it("errors the model stream with an AbortError as soon as the signal fires", async () => {
    const model = createOfflineModel({ delayMs: 500 });
    const controller = new AbortController();
    const { stream } = await model.doStream({ prompt: user("long 100"), abortSignal: controller.signal });
    const reader = stream.getReader();
    let deltas = 0;
    while (deltas < 2) if ((await reader.read()).value?.type === "text-delta") deltas++;
    const started = Date.now();
    setTimeout(() => controller.abort(), 5);
    const err = await (async () => {
      for (;;) {
        const { done } = await reader.read();
        if (done) return null;
      }
    })().catch((e: unknown) => e);
    expect((err as Error).name).toBe("AbortError");
    expect(Date.now() - started).toBeLessThan(300); // did not wait out the 500 ms delay
  });
});
