import { getOwnedThread } from "@/lib/db/threads";

/**
 * The workspace behind a thread, for its owner only: another user's (or a deleted) thread is a
 * 404, exactly like the thread routes. Every HTTP entry point to files goes through here.
 */
export async function workspaceForThread(userId: string, threadId: string): Promise<string> {
  const thread = await getOwnedThread(userId, threadId);
  return thread.workspaceId;
}
