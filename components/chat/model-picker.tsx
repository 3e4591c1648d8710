"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { modelsQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import type { ModelOption } from "@/lib/api";
import { useThreadInfo } from "./use-thread-info";

const PROVIDER_LABEL: Record<ModelOption["provider"], string> = {
  offline: "Built in",
  openai: "OpenAI",
  anthropic: "Anthropic",
  compatible: "OpenAI-compatible",
};

/** Options grouped by provider, each named without its provider prefix (the group says it), in the server's order. */
function groups(models: ModelOption[]): [ModelOption["provider"], (ModelOption & { name: string })[]][] {
  const byProvider = new Map<ModelOption["provider"], (ModelOption & { name: string })[]>();
  for (const m of models) {
    const name = m.provider === "offline" ? m.id : m.id.slice(m.provider.length + 1);
    byProvider.set(m.provider, [...(byProvider.get(m.provider) ?? []), { ...m, name }]);
  }
  return [...byProvider];
}

/**
 * Which model answers this thread's next turns: one the server offers, or its default. The summarizer
 * stays a server setting. A choice the server no longer offers is still shown, marked, so the
 * person sees why a send is refused.
 */
export function ModelPicker({ threadId }: { threadId: string }) {
  const queryClient = useQueryClient();
  const { data: catalog } = useQuery(modelsQuery());
  const { data: thread } = useThreadInfo(threadId);
  const choose = useMutation({
    mutationFn: (model: string | null) => api.setThreadModel(threadId, model),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.threadInfo(threadId) }),
  });
  if (!catalog || !thread) return null;

  const stored = thread.chatModel ?? "";
  const value = choose.isPending ? (choose.variables ?? "") : stored;
  const offered = catalog.models.some((m) => m.id === stored);
  return (
    // Shrinks before anything else in a crowded header: the full id is in each option and the title.
    <div className="flex min-w-16 shrink items-center">
      <select
        data-testid="model-picker"
        aria-label="Model for this chat"
        title={
          choose.error
            ? `Not changed: ${readableError(choose.error)}`
            : `The model that answers this chat: ${value || catalog.defaultModel}`
        }
        value={value}
        disabled={choose.isPending}
        onChange={(e) => choose.mutate(e.target.value === "" ? null : e.target.value)}
        className="h-7 w-full max-w-[12rem] truncate rounded-md border border-neutral-300 bg-white px-1.5 font-mono text-xs text-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
      >
        <option value="">Default ({catalog.defaultModel})</option>
        {groups(catalog.models).map(([provider, models]) => (
          <optgroup key={provider} label={PROVIDER_LABEL[provider]}>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </optgroup>
        ))}
        {stored !== "" && !offered && <option value={stored}>{stored} (not offered)</option>}
      </select>
      {choose.error && (
        <span role="alert" className="sr-only">
          Model not changed: {readableError(choose.error)}
        </span>
      )}
    </div>
  );
}
