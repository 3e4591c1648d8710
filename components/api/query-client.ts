import { isServer, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server is fresh on arrival: no refetch right after hydration.
        staleTime: 5_000,
        // A 404 or a 400 will not change by asking again; a network blip or a 500 may.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * One cache per browser tab, kept across page navigations (each route mounts a new shell, and the
 * sidebar must not flash empty); a fresh one per server render, so no user sees another's data.
 */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
