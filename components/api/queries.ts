import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { NEWEST_PAGE_SIZE, OLDER_PAGE_SIZE, queryKeys } from "./query-keys";

/*
 * Each query once: its key and how it is fetched. Hooks add only when to refetch (while a reply
 * or a compaction runs). The thread page's server render fills the same keys with the same shapes.
 */

export const threadsQuery = () => queryOptions({ queryKey: queryKeys.threads(), queryFn: api.listThreads });
export const archivedThreadsQuery = () => queryOptions({ queryKey: queryKeys.archivedThreads(), queryFn: api.listArchivedThreads });

export const modelQuery = () => queryOptions({ queryKey: queryKeys.model(), queryFn: api.model, staleTime: Infinity });

export const modelsQuery = () => queryOptions({ queryKey: queryKeys.models(), queryFn: api.models, staleTime: Infinity });

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

/** Shared by every pin button of a thread: one request, one truth. */
export const pinsQuery = (id: string) => queryOptions({ queryKey: queryKeys.pins(id), queryFn: () => api.pins(id) });

export const contextQuery = (id: string) => queryOptions({ queryKey: queryKeys.context(id), queryFn: () => api.context(id) });

export const contextInputQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.contextInput(id), queryFn: () => api.contextWithInput(id), select: (info) => info.lastInput ?? null });

export const filesQuery = (id: string) => queryOptions({ queryKey: queryKeys.files(id), queryFn: () => api.files(id).list() });

export const deletedFilesQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.deletedFiles(id), queryFn: () => api.files(id).listDeleted() });

export const latestMessagesQuery = (id: string, limit: number) =>
  queryOptions({ queryKey: queryKeys.latestMessages(id, limit), queryFn: async () => (await api.messagePage(id, { limit })).messages });

export const actionsQuery = (id: string) => queryOptions({ queryKey: queryKeys.actions(id), queryFn: () => api.actions(id) });

export const outboxQuery = (id: string) => queryOptions({ queryKey: queryKeys.outbox(id), queryFn: () => api.outbox(id) });

/** A proposal the person edits: always read afresh when the dialog opens. */
export const resumeDraftQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.resumeDraft(id), queryFn: () => api.resumeDraft(id), staleTime: 0 });

export const workspaceThreadsQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.workspaceThreads(id), queryFn: () => api.workspaceThreads(id) });

export const routinesQuery = () => queryOptions({ queryKey: queryKeys.routines(), queryFn: api.listRoutines });

export const routineQuery = (id: string) => queryOptions({ queryKey: queryKeys.routineInfo(id), queryFn: () => api.getRoutine(id) });

export const routineRunsQuery = (id: string) => queryOptions({ queryKey: queryKeys.routineRuns(id), queryFn: () => api.routineRuns(id) });
