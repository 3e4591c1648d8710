"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiThread } from "@/lib/api";
import { actions } from "@/components/api/action-client";
import { readableError } from "@/components/api/api-error";
import { queryKeys } from "@/components/api/query-keys";
import { threadsQuery } from "@/components/api/queries";

const newestFirst = (list: ApiThread[]) => [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

/** The sidebar's chats, and the changes made to them from here (the answer updates the cache). */
export function useThreads() {
  const queryClient = useQueryClient();
  const list = useQuery(threadsQuery());
  const update = (change: (prev: ApiThread[]) => ApiThread[]) =>
    queryClient.setQueryData<ApiThread[]>(queryKeys.threads(), (prev) => change(prev ?? []));

  const create = useMutation({
    mutationFn: () => actions.createThread(),
    onSuccess: (thread) => update((prev) => [thread, ...prev.filter((t) => t.id !== thread.id)]),
  });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => actions.renameThread(id, title),
    onSuccess: (thread) => update((prev) => newestFirst(prev.map((t) => (t.id === thread.id ? thread : t)))),
  });
  const remove = useMutation({
    mutationFn: (id: string) => actions.deleteThread(id),
    onSuccess: (_none, id) => {
      update((prev) => prev.filter((t) => t.id !== id));
      queryClient.removeQueries({ queryKey: queryKeys.thread(id) });
    },
  });

  return {
    threads: list.data ?? null,
    error: list.error ? readableError(list.error) : null,
    create: () => create.mutateAsync(),
    rename: (id: string, title: string) => rename.mutateAsync({ id, title }),
    remove: (id: string) => remove.mutateAsync(id),
  };
}
