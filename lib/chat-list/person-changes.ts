import { renameThread, setThreadArchived } from "@/lib/db/threads";
import { publishThreadChange } from "@/lib/events/publish";

/*
 * A person's changes to a chat as the chat list shows it (its title, archived or not), from the
 * API and the pages' server actions alike: stored, then told to the chat's other open tabs.
 */

export async function renameChat(userId: string, threadId: string, title: string) {
  const thread = await renameThread(userId, threadId, title);
  await publishThreadChange(threadId, { type: "thread.changed" });
  return thread;
}

export async function archiveChat(userId: string, threadId: string, archived: boolean) {
  const thread = await setThreadArchived(userId, threadId, archived);
  await publishThreadChange(threadId, { type: "thread.changed" });
  return thread;
}
