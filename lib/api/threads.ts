import type { z } from "zod";
import type { createThreadSchema, renameThreadSchema, updateThreadSchema } from "@/lib/http/schemas";

/** The turn running in a thread, if any (one at a time per thread). */
export type ActiveTurn = { assistantMessageId: string; startedAt: string };

/** A thread on the wire. `activeTurn` comes with GET /api/threads/:id only. */
export type ApiThread = {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** Set while the chat is archived: listed by GET /api/threads?archived=1 instead. */
  archivedAt?: string | null;
  /** The model this thread's turns use; null: the server's default (CHAT_MODEL). */
  chatModel?: string | null;
  activeTurn?: ActiveTurn | null;
};

export type ThreadListResponse = { threads: ApiThread[] };
export type ThreadResponse = { thread: ApiThread };
export type CreateThreadResponse = { id: string; thread: ApiThread };

export type CreateThreadRequest = z.input<typeof createThreadSchema>;
export type RenameThreadRequest = z.input<typeof renameThreadSchema>;
export type UpdateThreadRequest = z.input<typeof updateThreadSchema>;
