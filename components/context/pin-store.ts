"use client";

import { useEffect, useSyncExternalStore } from "react";

/** GET /api/threads/:id/pins, shared by every pin button of a thread (one request, one truth). */
export type PinSnapshot = { budgetTokens: number; tokens: number; pinned: ReadonlySet<string> };

type Store = { snapshot: PinSnapshot | null; listeners: Set<() => void>; loading: boolean };
const stores = new Map<string, Store>();

function store(threadId: string): Store {
  let s = stores.get(threadId);
  if (!s) stores.set(threadId, (s = { snapshot: null, listeners: new Set(), loading: false }));
  return s;
}

function publish(threadId: string, body: { budgetTokens: number; tokens: number; pinned: Array<{ id: string }> }) {
  const s = store(threadId);
  s.snapshot = { budgetTokens: body.budgetTokens, tokens: body.tokens, pinned: new Set(body.pinned.map((p) => p.id)) };
  for (const listener of s.listeners) listener();
}

async function load(threadId: string) {
  const s = store(threadId);
  if (s.loading || s.snapshot) return;
  s.loading = true;
  try {
    const res = await fetch(`/api/threads/${threadId}/pins`, { cache: "no-store" });
    if (res.ok) publish(threadId, await res.json());
  } finally {
    s.loading = false;
  }
}

export function usePins(threadId: string): PinSnapshot | null {
  const snapshot = useSyncExternalStore(
    (listener) => {
      const s = store(threadId);
      s.listeners.add(listener);
      return () => s.listeners.delete(listener);
    },
    () => store(threadId).snapshot,
    () => null,
  );
  useEffect(() => void load(threadId), [threadId]);
  return snapshot;
}

/** Pins or unpins; returns the server's message when it refused (over the budget), else null. */
export async function setPinned(threadId: string, messageId: string, pinned: boolean): Promise<string | null> {
  const res = await fetch(`/api/threads/${threadId}/messages/${messageId}/pin`, { method: pinned ? "POST" : "DELETE" });
  const body = await res.json().catch(() => null);
  if (!res.ok) return body?.error?.message ?? `Could not ${pinned ? "pin" : "unpin"} (HTTP ${res.status}).`;
  publish(threadId, body);
  return null;
}
