import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { NEWEST_PAGE_SIZE, queryKeys } from "@/components/api/query-keys";
import type { ApiThread, MessagePage } from "@/lib/api";
import { currentCaller } from "@/lib/auth/session";
import { listMessagesPage } from "@/lib/db/messages";
import { getOwnedThread, listThreads } from "@/lib/db/threads";

/** Exactly what the JSON API would have sent (dates as ISO strings). */
const asWire = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The thread page's data, read on the server into the same query keys the browser uses, so the
 * newest messages are in the first HTML and the client keeps that very page. Only for a caller
 * the resolver knows (an account, or a cookie that is still a guest's): a page render cannot set
 * the cookie, so a first visit loads in the browser (its API call creates the session), and
 * another user's thread is left for the API to answer 404.
 */
export async function prefetchThread(threadId: string): Promise<DehydratedState | null> {
  const caller = await currentCaller();
  if (caller.kind === "nobody") return null;
  const userId = caller.userId;
  const client = new QueryClient();
  const threads = listThreads(userId);
  const thread = await getOwnedThread(userId, threadId).catch(() => null);
  if (thread) {
    const page = await listMessagesPage(threadId, { limit: NEWEST_PAGE_SIZE });
    client.setQueryData(queryKeys.threadInfo(threadId), asWire<ApiThread>(thread));
    client.setQueryData(queryKeys.newestPage(threadId), asWire<MessagePage>(page));
  }
  client.setQueryData(queryKeys.threads(), asWire<ApiThread[]>(await threads));
  return dehydrate(client);
}
