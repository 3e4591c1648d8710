"use client";

import { HydrationBoundary, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { getQueryClient } from "./query-client";

/** The query cache, seeded with what the server rendered (the thread's newest page, the list). */
export function QueryProvider({ state, children }: { state?: DehydratedState | null; children: ReactNode }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <HydrationBoundary state={state ?? undefined}>{children}</HydrationBoundary>
    </QueryClientProvider>
  );
}
