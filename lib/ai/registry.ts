import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { config, type Config } from "@/lib/config";
import { contextWindowOf, PROVIDER_SETTING, splitModelId, type Provider } from "./catalog";
import { AppError } from "@/lib/errors";
import { createOfflineModel, type OfflineRole } from "./offline";
import { OFFLINE_NOTICE } from "./offline/notice";

export type ModelHandle = {
  /** As configured: "offline", "openai:<model>", "anthropic:<model>" or "compatible:<model>". */
  id: string;
  model: LanguageModelV4;
  /** Known context window in tokens; undefined when we cannot know (most local servers). */
  contextWindow?: number;
  isOffline: boolean;
};

export function getChatModel(): ModelHandle {
  return resolveModel(config().CHAT_MODEL, "chat");
}

/** SUMMARY_MODEL falls back to CHAT_MODEL so a single setting is enough. */
export function getSummaryModel(): ModelHandle {
  const c = config();
  return resolveModel(c.SUMMARY_MODEL?.trim() || c.CHAT_MODEL, "summarizer");
}

/** Chat titles are small background work, like summaries: the same model (SUMMARY_MODEL or CHAT_MODEL). */
export function getTitleModel(): ModelHandle {
  const c = config();
  return resolveModel(c.SUMMARY_MODEL?.trim() || c.CHAT_MODEL, "titler");
}

/**
 * GET /api/model: the configured model, and the longest message the server takes, so the composer
 * can say a draft is too long (and offer to attach it as a file) before it is sent.
 */
export function modelInfo() {
  return { ...describeModel(), maxMessageChars: config().MAX_MESSAGE_CHARS };
}

/** For the UI: never throws, so a misconfiguration is shown instead of breaking the page. */
function describeModel(): { id: string; isOffline: boolean; hint: string } {
  const id = config().CHAT_MODEL.trim();
  try {
    const handle = getChatModel();
    return {
      id: handle.id,
      isOffline: handle.isOffline,
      hint: handle.isOffline ? OFFLINE_NOTICE.replace(/^\(|\)$/g, "") : `Using ${handle.id}.`,
    };
  } catch (err) {
    return { id, isOffline: false, hint: err instanceof Error ? err.message : String(err) };
  }
}

/** `role` matters only to the offline model, which has one instance per job (OfflineRole). */
export function resolveModel(rawId: string, role: OfflineRole = "chat"): ModelHandle {
  const parsed = splitModelId(rawId);
  if (!parsed) {
    throw configError(
      `Unknown model "${rawId.trim()}". Use "offline" or "<provider>:<model>" with provider openai, anthropic or compatible, e.g. "openai:gpt-4o-mini".`,
    );
  }
  const { id, provider, name: modelName } = parsed;
  if (provider === "offline") {
    return { id: "offline", model: offlineModel(role), contextWindow: contextWindowOf(config(), "offline", "offline"), isOffline: true };
  }
  const c = config();
  const handle = (model: LanguageModelV4): ModelHandle => ({
    id,
    model,
    contextWindow: contextWindowOf(c, provider, modelName),
    isOffline: false,
  });
  requireSetting(c, PROVIDER_SETTING[provider], id);
  switch (provider) {
    case "openai":
      return handle(createOpenAI({ apiKey: c.OPENAI_API_KEY, baseURL: c.OPENAI_BASE_URL })(modelName));
    case "anthropic":
      return handle(createAnthropic({ apiKey: c.ANTHROPIC_API_KEY, baseURL: c.ANTHROPIC_BASE_URL })(modelName));
    case "compatible":
      return handle(
        createOpenAICompatible({
          name: c.OPENAI_COMPATIBLE_NAME,
          baseURL: c.OPENAI_COMPATIBLE_BASE_URL!,
          apiKey: c.OPENAI_COMPATIBLE_API_KEY,
          // Without this, servers like vLLM and llama.cpp omit usage from streams and the app
          // could not see how full the context is.
          includeUsage: true,
        })(modelName),
      );
  }
}

// One instance per process (global so Next.js dev reloads keep it): its prompt-cache memory is
// what makes cacheRead meaningful across requests. Keyed by settings so tests can change them.
const OFFLINE_KEY = Symbol.for("longrun-chat.offline-models");
type OfflineStore = Map<string, LanguageModelV4>;

function offlineModel(role: OfflineRole): LanguageModelV4 {
  const { OFFLINE_CONTEXT_WINDOW: contextWindow, OFFLINE_DELAY_MS: delayMs, OFFLINE_SUMMARY_DELAY_MS: summaryDelayMs } = config();
  const g = globalThis as { [OFFLINE_KEY]?: OfflineStore };
  const store = (g[OFFLINE_KEY] ??= new Map());
  const key = `${role}:${contextWindow}:${delayMs}:${summaryDelayMs}`;
  let model = store.get(key);
  if (!model) {
    model = createOfflineModel({ contextWindow, delayMs, summaryDelayMs, role });
    store.set(key, model);
  }
  return model;
}

function requireSetting(c: Config, name: (typeof PROVIDER_SETTING)[Provider], id: string): void {
  if (c[name]?.trim()) return;
  throw configError(`Model "${id}" needs ${name} to be set. Set it, or set CHAT_MODEL=offline to use the built-in offline model.`);
}

function configError(message: string): AppError {
  return new AppError("model_config", message);
}
