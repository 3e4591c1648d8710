"use server";

import { z } from "zod";
import { archiveChat, renameChat } from "@/lib/chat-list/person-changes";
import { createThread, deleteThread } from "@/lib/db/threads";
import { serverAction } from "@/lib/auth/server-action";
import { createThreadSchema, idSchema, renameThreadSchema } from "@/lib/http/schemas";

// The chat list's and the thread header's own mutations (POST /api/threads, PATCH and DELETE
// /api/threads/:id are the same through the JSON API). "Continue in a new chat" creates its thread
// here, with `workspaceOf`.

export const createThreadAction = serverAction({ input: createThreadSchema, maxBytes: 4096 }, async (body, userId) => {
  const thread = await createThread(userId, body.title, { workspaceOf: body.workspaceOf });
  return { id: thread.id, thread };
});

export const renameThreadAction = serverAction(
  { input: renameThreadSchema.extend({ threadId: idSchema }), maxBytes: 4096 },
  async ({ threadId, title }, userId) => ({ thread: await renameChat(userId, threadId, title) }),
);

export const archiveThreadAction = serverAction(
  { input: z.object({ threadId: idSchema, archived: z.boolean() }).strict(), maxBytes: 4096 },
  async ({ threadId, archived }, userId) => ({ thread: await archiveChat(userId, threadId, archived) }),
);

export const deleteThreadAction = serverAction(
  { input: z.object({ threadId: idSchema }).strict(), maxBytes: 4096 },
  async ({ threadId }, userId) => {
    await deleteThread(userId, threadId);
  },
);
