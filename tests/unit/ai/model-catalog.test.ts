import { afterEach, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { resetConfigForTests } from "@/tests/support/config";
import { availableModels, isAvailableModel, splitModelId } from "@/lib/ai/catalog";

const KEYS = [
  "CHAT_MODEL",
  "CHAT_MODELS",
  "OPENAI_API_KEY",
  "ANTHROPIC_API_KEY",
  "OPENAI_COMPATIBLE_BASE_URL",
  "OFFLINE_CONTEXT_WINDOW",
  "CONTEXT_WINDOW",
];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function withEnv(values: Record<string, string>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetConfigForTests();
  return config();
}
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
});

describe("model catalog", () => {
  it("offers only the offline model without any provider settings", () => {
    expect(availableModels(withEnv({ OFFLINE_CONTEXT_WINDOW: "6000" }))).toEqual([
      { id: "offline", provider: "offline", name: "offline", contextWindow: 6000, isDefault: true },
    ]);
  });

  it("offers CHAT_MODEL and CHAT_MODELS for configured providers only, once each, the default marked", () => {
    const c = withEnv({
      CHAT_MODEL: "anthropic:claude-sonnet-4",
      CHAT_MODELS: "openai:gpt-4o, compatible:llama3.1:8b ,anthropic:claude-sonnet-4,anthropic:claude-haiku",
      ANTHROPIC_API_KEY: "k",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
    });
    expect(availableModels(c).map((m) => [m.id, m.isDefault])).toEqual([
      ["offline", false],
      ["anthropic:claude-sonnet-4", true],
      ["compatible:llama3.1:8b", false],
      ["anthropic:claude-haiku", false],
    ]);
    // Each by its own name with the window the server knows for it (none for a local server).
    expect(availableModels(c).map((m) => [m.name, m.contextWindow])).toEqual([
      ["offline", 200_000],
      ["claude-sonnet-4", 200_000],
      ["llama3.1:8b", null],
      ["claude-haiku", 200_000],
    ]);
    expect(isAvailableModel(c, "openai:gpt-4o")).toBe(false);
    expect(isAvailableModel(c, "compatible:llama3.1:8b")).toBe(true);
  });

  it("takes CONTEXT_WINDOW as every provider model's window, never the offline model's", () => {
    const c = withEnv({ CHAT_MODELS: "compatible:qwen2.5:7b", OPENAI_COMPATIBLE_BASE_URL: "http://x/v1", CONTEXT_WINDOW: "32768" });
    expect(availableModels(c).map((m) => [m.id, m.contextWindow])).toEqual([
      ["offline", 200_000],
      ["compatible:qwen2.5:7b", 32_768],
    ]);
  });

  it("refuses a malformed CHAT_MODELS entry at start, naming the setting", () => {
    expect(() => withEnv({ CHAT_MODELS: "offline,gpt-4o" })).toThrow(/CHAT_MODELS\.1/);
    expect(() => withEnv({ CHAT_MODELS: "mistral:large" })).toThrow(/CHAT_MODELS/);
    expect(withEnv({ CHAT_MODELS: " , " }).CHAT_MODELS).toEqual([]);
  });

  it("splits at the first colon only", () => {
    expect(splitModelId("compatible:qwen2.5:7b")).toEqual({ id: "compatible:qwen2.5:7b", provider: "compatible", name: "qwen2.5:7b" });
    expect(splitModelId("")).toMatchObject({ id: "offline" });
    expect(splitModelId("openai:")).toBeNull();
    expect(splitModelId("other:x")).toBeNull();
  });
});
