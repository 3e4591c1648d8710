import type { ModelOption } from "@/lib/api";

export const PROVIDER_LABEL: Record<ModelOption["provider"], string> = {
  offline: "Built in",
  openai: "OpenAI",
  anthropic: "Anthropic",
  compatible: "OpenAI-compatible",
};

/** "200k", "1M", "32,768" → as people read windows: rounded to thousands or millions. */
export function windowWords(tokens: number | null): string {
  if (tokens === null) return "window unknown";
  if (tokens >= 1_000_000) return `${Math.round(tokens / 100_000) / 10}M tokens`;
  if (tokens >= 1_000) return `${Math.round(tokens / 1_000)}k tokens`;
  return `${tokens} tokens`;
}

/**
 * One option's words: its name (the offline model says what it is, so nobody takes it for an AI),
 * its window, and whether it is the server's default. The provider is the option's group.
 */
export function optionLabel(m: ModelOption): string {
  const name = m.provider === "offline" ? "Offline test model (canned replies)" : m.name;
  return `${name} · ${windowWords(m.contextWindow)}${m.isDefault ? " · default" : ""}`;
}

/** Options grouped by provider, in the server's order. */
export function groupByProvider(models: ModelOption[]): [ModelOption["provider"], ModelOption[]][] {
  const byProvider = new Map<ModelOption["provider"], ModelOption[]>();
  for (const m of models) byProvider.set(m.provider, [...(byProvider.get(m.provider) ?? []), m]);
  return [...byProvider];
}
