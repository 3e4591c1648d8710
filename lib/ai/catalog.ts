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

export type ModelOption = { id: string; provider: Provider | "offline"; isDefault: boolean };

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
    options.push({ id: parsed.id, provider: parsed.provider, isDefault: parsed.id === defaultId });
  }
  return options;
}

export function isAvailableModel(c: Config, id: string): boolean {
  return availableModels(c).some((m) => m.id === id);
}
