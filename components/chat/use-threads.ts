"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiThread } from "@/lib/api";
import { actions } from "@/components/api/action-client";
import { readableError } from "@/components/api/api-error";
import { queryKeys } from "@/components/api/query-keys";
import { archivedThreadsQuery, threadsQuery } from "@/components/api/queries";

// ISO timestamps sort as plain strings. Not localeCompare: a page's first collation loads ICU's
// collator (about 25 ms on a desktop core, 100 ms at Lighthouse's 4x phone slowdown).
const newestFirst = (list: ApiThread[]) => [...list].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));

type ListKey = ReturnType<typeof queryKeys.threads> | ReturnType<typeof queryKeys.archivedThreads>;

// A read of a list still in flight started before this change: cancelled, else its older answer
// lands after the change and the sidebar loses the thread just made (seen in CI). A list never
// read (the archived one, closed) is left unread.
async function updateList(queryClient: QueryClient, key: ListKey, change: (prev: ApiThread[]) => ApiThread[]) {
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  const mainList = key.length === 1;
  if (mainList || queryClient.getQueryData(key)) {
    queryClient.setQueryData<ApiThread[]>(key, (prev) => change(prev ?? []));
  }
}

/** A chat's new state in both lists: it sits in the one its archivedAt says, in date order. */
async function placeThread(queryClient: QueryClient, thread: ApiThread) {
  const without = (prev: ApiThread[]) => prev.filter((t) => t.id !== thread.id);
  const archived = Boolean(thread.archivedAt);
  await updateList(queryClient, queryKeys.threads(), (prev) => (archived ? without(prev) : newestFirst([thread, ...without(prev)])));
  await updateList(queryClient, queryKeys.archivedThreads(), (prev) =>
    archived ? newestFirst([thread, ...without(prev)]) : without(prev),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.threadInfo(thread.id) });
}

/** The sidebar's chats, and the changes made to them from here (the answer updates the cache). */
export function useThreads() {
  const queryClient = useQueryClient();
  const list = useQuery(threadsQuery());

  const create = useMutation({
    mutationFn: () => actions.createThread(),
    onSuccess: (thread) => updateList(queryClient, queryKeys.threads(), (prev) => [thread, ...prev.filter((t) => t.id !== thread.id)]),
  });
  const rename = useRenameChat();
  const archive = useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => actions.archiveThread(id, archived),
    onSuccess: (thread) => placeThread(queryClient, thread),
  });
  const remove = useMutation({
    mutationFn: (id: string) => actions.deleteThread(id),
    onSuccess: async (_none, id) => {
      await updateList(queryClient, queryKeys.threads(), (prev) => prev.filter((t) => t.id !== id));
      await updateList(queryClient, queryKeys.archivedThreads(), (prev) => prev.filter((t) => t.id !== id));
      queryClient.removeQueries({ queryKey: queryKeys.thread(id) });
    },
  });

  return {
    threads: list.data ?? null,
    error: list.error ? readableError(list.error) : null,
    create: () => create.mutateAsync(),
    rename,
    archive: (id: string, archived: boolean) => archive.mutateAsync({ id, archived }),
    remove: (id: string) => remove.mutateAsync(id),
  };
}

/** The archived chats, read once the sidebar's Archived section is opened. */
export function useArchivedThreads(open: boolean) {
  const list = useQuery({ ...archivedThreadsQuery(), enabled: open });
  return { threads: list.data ?? null, error: list.error ? readableError(list.error) : null };
}

/** Renames a chat (the sidebar and the thread header): the answer goes into both lists and the thread. */
export function useRenameChat(): (id: string, title: string) => Promise<ApiThread> {
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => actions.renameThread(id, title),
    onSuccess: (thread) => placeThread(queryClient, thread),
  });
  return (id, title) => rename.mutateAsync({ id, title });
}
