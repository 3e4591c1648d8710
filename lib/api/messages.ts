import type { TurnErrorCode } from "./errors";
import type { UIMessage } from "ai";
import type { z } from "zod";
import type { branchSchema, chatBodySchema, editMessageSchema, pageQuerySchema, userMessageSchema } from "@/lib/http/schemas";
import type { MessageRole, MessageStatus } from "@/lib/db/message-columns";

export type { MessageRole, MessageStatus };

/** How a turn ended: every message status but the one that is still running. */
export type TurnStatus = Exclude<MessageStatus, "streaming">;

/** One part of a message, as the AI SDK's UI messages carry it. */
export type ApiMessagePart = UIMessage["parts"][number];

/** One message on the wire (GET /api/threads/:id/messages). MessageRow is the database row. */
export type ApiMessage = {
  id: string;
  seq: number;
  role: MessageRole;
  parts: ApiMessagePart[];
  text: string;
  tokens: number;
  status: MessageStatus;
  /** The readable error of a failed reply. */
  error: string | null;
  /** The typed outcome of a failed or interrupted reply (see TurnErrorCode); null otherwise. */
  errorCode: string | null;
  runStart: boolean;
  createdAt: string;
  /** Set when the message has other versions (edits, regenerations): which one this is (`< k / n >`). */
  versions?: MessageVersions;
};

/** A message's versions: this is `index` of `count` (1-based); POST …/messages/:id/show flips to a neighbour. */
export type MessageVersions = { index: number; count: number; previousId: string | null; nextId: string | null };

/**
 * GET /api/threads/:id/messages: one page, oldest first; nextCursor loads the page before it
 * (`before`), newerCursor the page after it (`after`; pages from `after` or `around` only).
 */
export type MessagePage = {
  messages: ApiMessage[];
  nextCursor: string | null;
  newerCursor?: string | null;
  /** The live message right before the page (newest and `before` pages): a tab keeps what it holds up to it. */
  previousId?: string | null;
};

export type MessagePageQuery = z.input<typeof pageQuerySchema>;

/** PATCH /api/threads/:id/messages/:messageId */
export type EditMessageRequest = z.input<typeof editMessageSchema>;

/** POST /api/threads/:id/messages/:messageId/branch */
export type BranchRequest = z.input<typeof branchSchema>;
export type BranchResponse = { id: string; messages: number; summaryCarried: boolean };
export type EditMessageResponse = { message: ApiMessage };

/** POST /api/chat */
export type ChatRequest = z.input<typeof chatBodySchema>;
export type ChatUserMessage = z.input<typeof userMessageSchema>;

/**
 * The transient part a turn's stream sends last, once its rows are final in the database: the
 * page reads the stored ids and status from it instead of polling.
 */
export type TurnData = {
  userMessageId: string | null;
  assistantMessageId: string;
  status: TurnStatus;
  errorCode: TurnErrorCode | null;
  retryable: boolean;
};

/** POST /api/threads/:id/turn/stop */
export type StopTurnResponse = { stopped: boolean };
