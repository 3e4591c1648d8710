"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/components/api/api-client";

const DEBOUNCE_MS = 200;

/** Search as the person types (debounced), one thread or all of them. */
export function useSearch(q: string, threadId?: string, range?: { from: number; to: number } | null) {
  const [settled, setSettled] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setSettled(q), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [q]);
  const query = settled.trim();
  return useQuery({
    queryKey: ["search", threadId ?? "all", query, range?.from, range?.to],
    queryFn: () => api.search({ q: query, threadId, limit: 20, range: range ?? undefined }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
