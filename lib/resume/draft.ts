import { db } from "@/lib/db/client";
import { getOwnedThread } from "@/lib/db/threads";
import { planFiles, resumeMessage } from "./first-message";

const MAX_SCANNED_FILES = 200;

/**
 * What "Continue in a new chat" proposes for a thread: its goal (first live user message), the
 * plan files of its workspace and the message built from them. Another user's thread is a 404.
 */
export async function resumeDraft(userId: string, threadId: string) {
  const thread = await getOwnedThread(userId, threadId);
  const first = await db().message.findFirst({
    where: { threadId, role: "user", deletedAt: null },
    orderBy: { seq: "asc" },
    select: { text: true },
  });
  const files = await db().workspaceFile.findMany({
    where: { workspaceId: thread.workspaceId, deletedAt: null, path: { endsWith: ".md" } },
    select: { path: true, content: true },
    take: MAX_SCANNED_FILES,
  });
  const goal = first?.text ?? "";
  const plans = planFiles(files);
  return { goal, planFiles: plans, message: resumeMessage(goal, plans) };
}
