import type { ErrorCode } from "@/lib/errors";

/** Codes a failed or interrupted turn carries (issue 8); the UI words each one in one place. */
export type TurnErrorCode =
  | "context_overflow"
  | "rate_limited"
  | "auth"
  | "provider_down"
  | "tool_failed"
  | "interrupted"
  | "internal";

/** Every code an error answer of the API can carry. */
export type ApiErrorCode = ErrorCode | "turn_in_progress";

/** The body of every error answer: `{error: {code, message, ...details}}` (lib/errors.ts). */
export type ApiErrorBody = { error: { code: string; message: string; [detail: string]: unknown } };
