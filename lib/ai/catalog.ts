import type { Config } from "@/lib/config";

// Which models this server can actually use, decided from its settings alone (no network, no
// database): the registry (lib/ai/registry.ts) builds them, this says which ones may be picked.

export const PROVIDERS = ["openai", "anthropic", "compatible"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The setting without which a provider cannot be called (what the registry requires too). */
export const PROVIDER_SETTING = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  compatible: "OPENAI_COMPATIBLE_BASE_URL",
} as const satisfies Record<Provider, keyof Config>;

export type ModelOption = {
  id: string;
  provider: Provider | "offline";
  /** The model's own name, without the provider prefix ("gpt-4o", "offline"). */
  name: string;
  /** Tokens the model reads at most; null when the server cannot know it (most local servers). */
  contextWindow: number | null;
  isDefault: boolean;
};

/** "offline", or the provider and model of "<provider>:<model>" (split at the first colon: Ollama names have colons); null if neither. */
export function splitModelId(rawId: string): { id: string; provider: Provider | "offline"; name: string } | null {
  const id = rawId.trim();
  if (id === "" || id === "offline") return { id: "offline", provider: "offline", name: "offline" };
  const colon = id.indexOf(":");
  const provider = colon > 0 ? id.slice(0, colon) : "";
  const name = colon > 0 ? id.slice(colon + 1).trim() : "";
  if (!(PROVIDERS as readonly string[]).includes(provider) || name === "") return null;
  return { id, provider: provider as Provider, name };
}

export function providerConfigured(c: Config, provider: Provider): boolean {
  return !!c[PROVIDER_SETTING[provider]]?.trim();
}

/** The server's default (CHAT_MODEL, "offline" when empty), whether or not it can be used. */
export function defaultModelId(c: Config): string {
  return splitModelId(c.CHAT_MODEL)?.id ?? c.CHAT_MODEL.trim();
}

/**
 * The models a person may pick: the offline model, CHAT_MODEL and every CHAT_MODELS entry whose
 * provider has its key or base URL set. A model named for an unconfigured provider is left out
 * (it could only fail), and so is a malformed CHAT_MODEL (the model badge explains that one).
 */
export function availableModels(c: Config): ModelOption[] {
  const defaultId = defaultModelId(c);
  const seen = new Set<string>();
  const options: ModelOption[] = [];
  for (const raw of ["offline", c.CHAT_MODEL, ...c.CHAT_MODELS]) {
    const parsed = splitModelId(raw);
    if (!parsed || seen.has(parsed.id)) continue;
    if (parsed.provider !== "offline" && !providerConfigured(c, parsed.provider)) continue;
    seen.add(parsed.id);
    const contextWindow = contextWindowOf(c, parsed.provider, parsed.name) ?? null;
    options.push({ id: parsed.id, provider: parsed.provider, name: parsed.name, contextWindow, isDefault: parsed.id === defaultId });
  }
  return options;
}

export function isAvailableModel(c: Config, id: string): boolean {
  return availableModels(c).some((m) => m.id === id);
}

/**
 * Published windows for common model families, most specific prefix first. Unknown models get
 * undefined and callers fall back to COMPACT_AT_INPUT_TOKENS.
 */
const CONTEXT_WINDOWS: [provider: Provider, prefix: string, tokens: number][] = [
  ["openai", "gpt-4.1", 1_047_576],
  ["openai", "gpt-5", 400_000],
  ["openai", "gpt-4o", 128_000],
  ["openai", "o1", 200_000],
  ["openai", "o3", 200_000],
  ["openai", "o4", 200_000],
  ["anthropic", "claude", 200_000],
];

/** The offline model's OFFLINE_CONTEXT_WINDOW; else CONTEXT_WINDOW (how a person names a server's window we cannot know), else the published one. */
export function contextWindowOf(
  c: Pick<Config, "OFFLINE_CONTEXT_WINDOW" | "CONTEXT_WINDOW">,
  provider: Provider | "offline",
  modelName: string,
): number | undefined {
  if (provider === "offline") return c.OFFLINE_CONTEXT_WINDOW;
  const name = modelName.toLowerCase();
  return c.CONTEXT_WINDOW ?? CONTEXT_WINDOWS.find(([p, prefix]) => p === provider && name.startsWith(prefix))?.[2];
}
