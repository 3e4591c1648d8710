import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { queryKeys } from "@/components/api/query-keys";
import type { ApiSearchResult } from "@/lib/api";

/**
 * Before a hit on a branch not shown now is opened: shows that branch (down to the hit), so the
 * transcript opened at it holds it. Answers what went wrong in words, or null.
 */
export async function showHitBranch(queryClient: QueryClient, hit: ApiSearchResult): Promise<string | null> {
  if (!hit.deleted) return null;
  try {
    await api.showVersion(hit.threadId, hit.messageId);
  } catch (e) {
    return `Could not show the version this hit is in: ${readableError(e)}`;
  }
  await queryClient.invalidateQueries({ queryKey: queryKeys.thread(hit.threadId) });
  return null;
}
