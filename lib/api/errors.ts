import type { ErrorCode } from "@/lib/errors";

/** Codes a failed or interrupted turn carries, decided in one place (lib/chat/turn-failure.ts). */
export type { TurnErrorCode } from "@/lib/chat/turn-failure";

/** Every code an error answer of the API can carry. */
export type ApiErrorCode = ErrorCode;

/** The body of every error answer: `{error: {code, message, ...details}}` (lib/errors.ts). */
export type ApiErrorBody = { error: { code: string; message: string; [detail: string]: unknown } };
