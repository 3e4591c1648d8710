"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { modelsQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { groupByProvider, optionLabel, PROVIDER_LABEL } from "./model-options";
import { useThreadInfo } from "./use-thread-info";

/**
 * Which model answers this thread's next turns: one the server offers. A thread that never chose
 * follows the server's default, shown as that model itself (not a second "Default" entry); picking
 * the default stores no choice, so the thread keeps following it. A choice the server no longer
 * offers is still shown, marked, so the person sees why a send is refused.
 */
export function useModelChoice(threadId: string) {
  const queryClient = useQueryClient();
  const { data: catalog } = useQuery(modelsQuery());
  const { data: thread } = useThreadInfo(threadId);
  const choose = useMutation({
    mutationFn: (model: string | null) => api.setThreadModel(threadId, model),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.threadInfo(threadId) }),
  });
  if (!catalog || !thread) return null;
  const stored = thread.chatModel ?? catalog.defaultModel;
  const value = choose.isPending ? (choose.variables ?? catalog.defaultModel) : stored;
  return {
    catalog,
    value,
    /** The stored choice when the server no longer offers it. */
    withdrawn: catalog.models.some((m) => m.id === stored) ? null : stored,
    pending: choose.isPending,
    error: choose.error ? readableError(choose.error) : null,
    pick: (id: string) => choose.mutate(id === catalog.defaultModel ? null : id),
  };
}

export type ModelChoice = NonNullable<ReturnType<typeof useModelChoice>>;

export function ModelPicker({ choice }: { choice: ModelChoice }) {
  const { catalog, value, withdrawn, pending, error, pick } = choice;
  return (
    // Shrinks before anything else in a crowded header: each option and the title carry the whole name.
    <div className="flex min-w-16 shrink items-center">
      <select
        data-testid="model-picker"
        aria-label="Model for this chat"
        title={error ? `Not changed: ${error}` : `The model that answers this chat: ${value}`}
        value={value}
        disabled={pending}
        onChange={(e) => pick(e.target.value)}
        className="h-7 w-full max-w-[14rem] truncate rounded-md border border-neutral-300 bg-white px-1.5 text-xs text-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
      >
        {groupByProvider(catalog.models).map(([provider, models]) => (
          <optgroup key={provider} label={PROVIDER_LABEL[provider]}>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {optionLabel(m)}
              </option>
            ))}
          </optgroup>
        ))}
        {withdrawn !== null && <option value={withdrawn}>{withdrawn} (no longer offered)</option>}
      </select>
      {error && (
        <span role="alert" className="sr-only">
          Model not changed: {error}
        </span>
      )}
    </div>
  );
}
