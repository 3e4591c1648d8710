"use server";

import { z } from "zod";
import { editOwnMessage } from "@/lib/chat/edit";
import { config } from "@/lib/config";
import { serverAction } from "@/lib/auth/server-action";
import { editMessageSchema, idSchema } from "@/lib/http/schemas";
import { pinMessage, unpinMessage } from "@/lib/pins/pins";

// A message's own mutations on the page (PATCH /api/threads/:id/messages/:messageId and the pin
// routes do the same through the JSON API). The edited message's new reply is still streamed by
// POST /api/chat: the AI SDK's chat transport posts to a route.

const messageRef = { threadId: idSchema, messageId: idSchema };

export const editMessageAction = serverAction(
  { input: editMessageSchema.extend(messageRef), maxBytes: () => config().MAX_MESSAGE_CHARS * 4 + 1024 },
  async ({ threadId, messageId, text }, userId) => ({ message: await editOwnMessage(userId, threadId, messageId, text) }),
);

export const setPinnedAction = serverAction(
  { input: z.object({ ...messageRef, pinned: z.boolean() }).strict(), maxBytes: 4096 },
  async ({ threadId, messageId, pinned }, userId) =>
    pinned ? pinMessage(userId, threadId, messageId) : unpinMessage(userId, threadId, messageId),
);
