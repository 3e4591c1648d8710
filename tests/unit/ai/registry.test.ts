import { generateText } from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/tests/support/config";
import { getChatModel, getSummaryModel, modelInfo } from "@/lib/ai/registry";

const KEYS = [
  "CHAT_MODEL",
  "SUMMARY_MODEL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "OPENAI_COMPATIBLE_BASE_URL",
  "OPENAI_COMPATIBLE_API_KEY",
  "OPENAI_COMPATIBLE_NAME",
  "OFFLINE_CONTEXT_WINDOW",
  "OFFLINE_DELAY_MS",
  "CONTEXT_WINDOW",
];
let saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string>) {
  for (const [k, v] of Object.entries(values)) process.env[k] = v;
  resetConfigForTests();
}

beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  for (const k of KEYS) delete process.env[k];
  resetConfigForTests();
});
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
});

describe("model registry", () => {
  it("defaults to the offline model, one instance per process and job so its prompt cache persists", async () => {
    const a = getChatModel();
    expect(a).toMatchObject({ id: "offline", isOffline: true, contextWindow: 200_000 });
    expect(a.model.provider).toBe("offline");
    expect(getChatModel().model).toBe(a.model);
    // The summarizer is its own instance (role "summarizer"), also kept for the process.
    expect(getSummaryModel().model).not.toBe(a.model);
    expect(getSummaryModel().model).toBe(getSummaryModel().model);
    expect(getSummaryModel().model.modelId).toBe("offline-summarizer");

    const options = { providerOptions: { offline: { cacheKey: "registry-test" } } };
    const first = await generateText({ model: getChatModel().model, prompt: "hello", ...options });
    const second = await generateText({ model: getChatModel().model, prompt: "hello", ...options });
    expect(second.usage.inputTokenDetails.cacheReadTokens).toBe(first.usage.inputTokens);
  });

  it("honours OFFLINE_CONTEXT_WINDOW", () => {
    setEnv({ OFFLINE_CONTEXT_WINDOW: "1234" });
    expect(getChatModel().contextWindow).toBe(1234);
  });

  it("builds OpenAI, Anthropic and OpenAI-compatible models from their settings", () => {
    setEnv({
      CHAT_MODEL: "openai:gpt-4o-mini",
      SUMMARY_MODEL: "anthropic:claude-3-5-haiku-latest",
      OPENAI_API_KEY: "sk-test",
      ANTHROPIC_API_KEY: "ak-test",
    });
    const chat = getChatModel();
    expect(chat).toMatchObject({ id: "openai:gpt-4o-mini", isOffline: false, contextWindow: 128_000 });
    expect(chat.model.modelId).toBe("gpt-4o-mini");
    expect(chat.model.provider).toMatch(/^openai/);
    const summary = getSummaryModel();
    expect(summary).toMatchObject({ id: "anthropic:claude-3-5-haiku-latest", contextWindow: 200_000 });
    expect(summary.model.provider).toMatch(/^anthropic/);

    setEnv({
      CHAT_MODEL: "compatible:llama3.1:8b",
      SUMMARY_MODEL: "",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_COMPATIBLE_NAME: "ollama",
    });
    const local = getChatModel();
    expect(local).toMatchObject({ id: "compatible:llama3.1:8b", contextWindow: undefined });
    expect(local.model.modelId).toBe("llama3.1:8b");
    expect(local.model.provider).toMatch(/^ollama/);
    expect(getSummaryModel().id).toBe("compatible:llama3.1:8b"); // falls back to CHAT_MODEL
    // The app cannot know a local server's window; CONTEXT_WINDOW tells it.
    setEnv({ CHAT_MODEL: "compatible:llama3.1:8b", OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1", CONTEXT_WINDOW: "32768" });
    expect(getChatModel().contextWindow).toBe(32_768);
  });

  it.each([
    ["openai:gpt-4o", "OPENAI_API_KEY"],
    ["anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY"],
    ["compatible:qwen2.5", "OPENAI_COMPATIBLE_BASE_URL"],
  ])("explains which setting %s is missing", (id, setting) => {
    setEnv({ CHAT_MODEL: id });
    expect(() => getChatModel()).toThrow(setting);
    const described = modelInfo();
    expect(described.isOffline).toBe(false);
    expect(described.hint).toContain(setting);
  });

  it("rejects unknown model ids with the accepted forms", () => {
    setEnv({ CHAT_MODEL: "gpt-4o" });
    expect(() => getChatModel()).toThrow(/"offline" or "<provider>:<model>"/);
  });

  it("describes the offline model with a hint on configuring a real one, and the longest message the server takes", () => {
    const d = modelInfo();
    expect(d).toMatchObject({ id: "offline", isOffline: true, maxMessageChars: 100_000 });
    expect(d.hint).toContain("CHAT_MODEL");
  });
});
