"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "./api";
import type { ThreadSummary } from "./types";

// Kept across page navigations (each route mounts a new shell) so the sidebar never flashes empty.
let lastKnownThreads: ThreadSummary[] | null = null;

const newestFirst = (list: ThreadSummary[]) => [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

export type ThreadsState = {
  threads: ThreadSummary[] | null;
  error: string | null;
  refresh: () => Promise<void>;
  create: () => Promise<ThreadSummary>;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

export function useThreads(): ThreadsState {
  const [threads, setThreadsState] = useState<ThreadSummary[] | null>(lastKnownThreads);
  const [error, setError] = useState<string | null>(null);

  const setThreads = useCallback((update: (prev: ThreadSummary[]) => ThreadSummary[]) => {
    setThreadsState((prev) => {
      const next = update(prev ?? []);
      lastKnownThreads = next;
      return next;
    });
  }, []);

  const refresh = useCallback(async () => {
    try {
      const list = await api.listThreads();
      setThreads(() => list);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [setThreads]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const create = useCallback(async () => {
    const thread = await api.createThread();
    setThreads((prev) => [thread, ...prev.filter((t) => t.id !== thread.id)]);
    return thread;
  }, [setThreads]);

  const rename = useCallback(async (id: string, title: string) => {
    const thread = await api.renameThread(id, title);
    setThreads((prev) => newestFirst(prev.map((t) => (t.id === id ? thread : t))));
  }, [setThreads]);

  const remove = useCallback(async (id: string) => {
    await api.deleteThread(id);
    setThreads((prev) => prev.filter((t) => t.id !== id));
  }, [setThreads]);

  return { threads, error, refresh, create, rename, remove };
}
