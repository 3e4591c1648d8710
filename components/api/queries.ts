import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { NEWEST_PAGE_SIZE, OLDER_PAGE_SIZE, queryKeys } from "./query-keys";

/*
 * Each query once: its key and how it is fetched. Hooks add only when to refetch (while a reply
 * or a compaction runs). The thread page's server render fills the same keys with the same shapes.
 */

export const threadsQuery = () => queryOptions({ queryKey: queryKeys.threads(), queryFn: api.listThreads });

export const modelQuery = () => queryOptions({ queryKey: queryKeys.model(), queryFn: api.model, staleTime: Infinity });

export const threadInfoQuery = (id: string) => queryOptions({ queryKey: queryKeys.threadInfo(id), queryFn: () => api.getThread(id) });

export const newestPageQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.newestPage(id), queryFn: () => api.messagePage(id, { limit: NEWEST_PAGE_SIZE }) });

/** An older page changes only when an edit or retry cuts into it, which invalidates the thread. */
export const olderPageQuery = (id: string, before: string) =>
  queryOptions({
    queryKey: queryKeys.olderPage(id, before),
    queryFn: () => api.messagePage(id, { before, limit: OLDER_PAGE_SIZE }),
    staleTime: 5 * 60_000,
  });

export const contextQuery = (id: string) => queryOptions({ queryKey: queryKeys.context(id), queryFn: () => api.context(id) });

export const contextInputQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.contextInput(id), queryFn: () => api.contextWithInput(id), select: (info) => info.lastInput ?? null });

export const filesQuery = (id: string) => queryOptions({ queryKey: queryKeys.files(id), queryFn: () => api.files(id).list() });
