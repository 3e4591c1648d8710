import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { NEWEST_PAGE_SIZE, queryKeys } from "@/components/api/query-keys";
import type { ApiThread, MessagePage } from "@/lib/api";
import { currentCaller } from "@/lib/auth/session";
import { transcriptPage } from "@/lib/chat/transcript-page";
import { threadActionsOf } from "@/lib/actions/list";
import { modelInfo } from "@/lib/ai/registry";
import { config } from "@/lib/config";
import { findOwnedThread, listThreads, workspaceThreadsOf } from "@/lib/db/threads";
import { availableModels, defaultModelId } from "@/lib/ai/catalog";
import { pinStateOf } from "@/lib/pins/pins";
import { presentRoutine } from "@/lib/routines/present";
import { listRoutines } from "@/lib/routines/store";
import { listFiles } from "@/lib/workspace/store";
import { listDeletedFiles } from "@/lib/workspace/undelete";

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
  const routines = listRoutines(userId);
  // Awaited at the end; should the thread's read below throw first, their own failure must not
  // become an unhandled rejection (the page's error is already on its way to error.tsx).
  void Promise.allSettled([threads, routines]);
  // Owned once here; the reads below take the row instead of each checking the owner again. A
  // missing or foreign thread is null (the browser's API call then answers 404); a failed read
  // throws, and the page's error boundary (error.tsx) says so instead of "not found".
  const thread = await findOwnedThread(userId, threadId);
  if (thread) {
    const [page, pins, actions, workspaceThreads, files, deletedFiles] = await Promise.all([
      transcriptPage(threadId, { limit: NEWEST_PAGE_SIZE }),
      pinStateOf(thread),
      threadActionsOf(userId, thread),
      workspaceThreadsOf(userId, thread),
      listFiles(thread.workspaceId),
      listDeletedFiles(thread.workspaceId),
    ]);
    client.setQueryData(queryKeys.threadInfo(threadId), asWire<ApiThread>(thread));
    client.setQueryData(queryKeys.newestPage(threadId), asWire<MessagePage>(page));
    // What the header and sidebar ask for at once: read here in-process, each one request fewer
    // right after the page opens (the same shapes the API answers).
    client.setQueryData(queryKeys.pins(threadId), asWire(pins));
    client.setQueryData(queryKeys.actions(threadId), asWire(actions));
    client.setQueryData(queryKeys.workspaceThreads(threadId), asWire(workspaceThreads));
    client.setQueryData(queryKeys.files(threadId), asWire(files));
    client.setQueryData(queryKeys.deletedFiles(threadId), asWire(deletedFiles));
  }
  const c = config();
  client.setQueryData(queryKeys.model(), modelInfo());
  client.setQueryData(queryKeys.models(), { defaultModel: defaultModelId(c), models: availableModels(c) });
  client.setQueryData(queryKeys.routines(), asWire((await routines).map((r) => presentRoutine(r))));
  client.setQueryData(queryKeys.threads(), asWire<ApiThread[]>(await threads));
  return dehydrate(client);
}
