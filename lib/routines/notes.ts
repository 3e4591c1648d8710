import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { readFile } from "@/lib/workspace/store";
import { NOTES_PATH } from "@/lib/context/run-text";

/** routine/notes.md as it is now, or null when it does not exist. */
export async function readNotes(workspaceId: string): Promise<{ content: string; version: number } | null> {
  try {
    const file = await readFile(workspaceId, NOTES_PATH);
    return { content: file.content, version: file.version };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/** Whether the agent saved routine/notes.md since `since` (the run's start): what the run records. */
export async function agentWroteNotes(workspaceId: string, since: Date): Promise<boolean> {
  const n = await db().fileVersion.count({
    where: { workspaceId, path: NOTES_PATH, author: "agent", content: { not: null }, createdAt: { gte: since } },
  });
  return n > 0;
}
