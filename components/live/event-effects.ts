import { queryKeys } from "@/components/api/query-keys";
import type { ApiThreadChange as ThreadChange } from "@/lib/api";
import { isAttachmentPath } from "@/components/chat/attachments/upload";

/*
 * What a change in the live feed means for this tab's query cache: which queries read again. Pure.
 * The feed names what changed, never its content, so each effect is "read this again"; React
 * Query refetches only the queries on screen; a read already in flight is followed by one more
 * (read-again.ts), since it may have started before the change.
 */

export type QueryKey = readonly unknown[];

/**
 * The queries to read again after `change`. `streamingHere`: this tab is streaming the thread's
 * reply itself, so its own stream is newer than any stored page.
 */
export function queriesToRefresh(
  threadId: string,
  change: Pick<ThreadChange, "type"> & { path?: string },
  streamingHere: boolean,
): QueryKey[] {
  switch (change.type) {
    case "turn.started": {
      const info = [queryKeys.threadInfo(threadId), queryKeys.anyLatestMessages(threadId)];
      return streamingHere ? info : [...info, queryKeys.newestPage(threadId), queryKeys.threads()];
    }
    case "turn.progress":
      return streamingHere ? [] : [queryKeys.newestPage(threadId)];
    case "turn.ended":
      // The reply's usage and a compaction that may follow show in the context gauge.
      return [
        queryKeys.threadInfo(threadId),
        queryKeys.newestPage(threadId),
        queryKeys.anyLatestMessages(threadId),
        queryKeys.context(threadId),
        queryKeys.threads(),
      ];
    case "message.replaced":
      // Older pages may have lost messages, and the summary may be stale: everything reads again.
      return [queryKeys.thread(threadId), queryKeys.threads()];
    case "compaction.started":
      return [queryKeys.context(threadId)];
    case "compaction.landed":
      // The receipt, the summary marker, and the names file the summary may have written.
      return [queryKeys.context(threadId), queryKeys.files(threadId), queryKeys.newestPage(threadId)];
    case "file.changed":
      // A new attachment joins the inspector's list of what the next request does not carry yet.
      return change.path !== undefined && isAttachmentPath(change.path)
        ? [queryKeys.files(threadId), queryKeys.context(threadId)]
        : [queryKeys.files(threadId)];
    case "action.changed":
      return [queryKeys.actions(threadId), queryKeys.outbox(threadId)];
    case "run.changed":
      return []; // the routine page reads its runs again (use-routine.ts)
    case "thread.changed":
      // The title in the header and the sidebar, and which of the sidebar's lists holds the chat.
      return [queryKeys.threadInfo(threadId), queryKeys.threads()];
  }
}
