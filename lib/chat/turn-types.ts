import type { TurnData, TurnStatus } from "@/lib/api";
import type { MessagePart } from "@/lib/db/messages";
import type { ApprovalDecision } from "@/lib/mcp/approval";
import type { TurnBound } from "./turn-bounds";
import type { TurnErrorCode } from "./turn-failure";

/**
 * What starts a turn: a new message, a retry of a reply, answering the latest user message again
 * (after an edit), or a person's answer to the tool call the last reply waits on (a continuation).
 */
export type TurnStart =
  | { kind: "submit"; parts: MessagePart[]; runStart?: boolean }
  | { kind: "retry"; messageId: string }
  | { kind: "continue"; messageId: string }
  | { kind: "approval"; approvalId: string; decision: ApprovalDecision };

export type { TurnStatus } from "@/lib/api";

export type TurnOutcome = {
  status: TurnStatus;
  errorCode: TurnErrorCode | null;
  /** What the person reads about the failure (stored on the reply too). */
  error: string | null;
  retryable: boolean;
  /** Input tokens of the last model call: what the compaction trigger compares with its threshold. */
  lastInputTokens: number | null;
  /** The context window of the model that answered: the compaction threshold follows the thread's model. */
  contextWindow?: number;
  overflow: boolean;
  /** The bound that ended the turn (turn-bounds.ts); its note ends the reply. */
  bound: TurnBound | null;
  /** The request left older messages out to fit the context window (no usable summary): compact now. */
  boundedSpan: boolean;
  assistantMessageId: string;
  userMessageId: string | null;
  text: string;
};

/** The stream's last data part (its wire type lives with the API contracts). */
export type TurnEndData = TurnData;
