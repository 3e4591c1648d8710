"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ContextInfo } from "./types";

const POLL_WHILE_SUMMARIZING_MS = 1500;
// A compaction starts just after a reply ends; look again shortly so "summarizing" shows up.
const AFTER_TURN_RECHECK_MS = [400, 1500];

/**
 * The context inspector's data for a thread. Refetches when `refreshSignal` changes (a turn
 * settled, a message was edited) and polls while a compaction runs.
 */
export function useContextInfo(threadId: string, refreshSignal: number) {
  const [info, setInfo] = useState<ContextInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Signals, timers and polling overlap, and responses can arrive out of order: only the answer to
  // the newest request may land, or a slow, older one would bring back a state already left behind.
  const latestRequest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latestRequest.current;
    const isLatest = () => request === latestRequest.current;
    try {
      const res = await fetch(`/api/threads/${threadId}/context`, { cache: "no-store" });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const next = (await res.json()) as ContextInfo;
      if (!isLatest()) return;
      setInfo(next);
      setError(null);
    } catch (e) {
      if (isLatest()) setError(e instanceof Error ? e.message : "could not load the context");
    }
  }, [threadId]);

  useEffect(() => {
    void load();
    const timers = AFTER_TURN_RECHECK_MS.map((ms) => setTimeout(() => void load(), ms));
    return () => timers.forEach(clearTimeout);
  }, [load, refreshSignal]);

  const running = info?.compaction.running ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_WHILE_SUMMARIZING_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  return { info, error, reload: load };
}
