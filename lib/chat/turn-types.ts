import type { MessagePart } from "@/lib/db/messages";
import type { TurnErrorCode } from "./turn-failure";

/** What starts a turn: a new message, a retry of a reply, or answering the latest user message again (after an edit). */
export type TurnStart =
  | { kind: "submit"; parts: MessagePart[]; runStart?: boolean }
  | { kind: "retry"; messageId: string }
  | { kind: "continue"; messageId: string };

export type TurnStatus = "complete" | "stopped" | "error" | "interrupted";

export type TurnOutcome = {
  status: TurnStatus;
  errorCode: TurnErrorCode | null;
  retryable: boolean;
  /** Input tokens of the last model call: what the compaction trigger compares with its threshold. */
  lastInputTokens: number | null;
  overflow: boolean;
  assistantMessageId: string;
  userMessageId: string | null;
  text: string;
};

/** The stream's last data part: the stored ids and status, so the page never polls to learn them. */
export type TurnEndData = Pick<TurnOutcome, "userMessageId" | "assistantMessageId" | "status" | "errorCode" | "retryable">;
