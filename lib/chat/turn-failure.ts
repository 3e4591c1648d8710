import { APICallError } from "ai";
import { isContextOverflowError } from "@/lib/ai/overflow";
import { AppError } from "@/lib/errors";

/**
 * Why a turn did not complete, as a stable code. The transcript stores it with the message, the UI
 * words it for a person, and the action journal tells retryable failures from permanent ones.
 */
export type TurnErrorCode =
  "context_overflow" | "rate_limited" | "auth" | "provider_down" | "bad_request" | "tool_failed" | "interrupted" | "internal";

export type TurnFailure = { code: TurnErrorCode; retryable: boolean; message: string };

const RETRYABLE: Record<TurnErrorCode, boolean> = {
  context_overflow: true, // earlier messages are summarized in the background, then it fits
  rate_limited: true,
  auth: false,
  provider_down: true,
  bad_request: false,
  tool_failed: false,
  interrupted: true,
  internal: true,
};

const NETWORK_CODES = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR|socket hang up|fetch failed/i;

/** The one place that decides what kind of failure an error is. */
export function classifyTurnError(error: unknown): TurnFailure {
  const code = failureCode(error);
  return { code, retryable: RETRYABLE[code], message: describe(code, error) };
}

export const interruptedFailure = (): TurnFailure => ({
  code: "interrupted",
  retryable: true,
  message: "The server stopped while this reply was being written. The partial reply is kept; retry to get a whole one.",
});

function failureCode(error: unknown): TurnErrorCode {
  if (isContextOverflowError(error)) return "context_overflow";
  const api = findApiError(error);
  if (api) {
    const status = api.statusCode ?? 0;
    if (status === 429) return "rate_limited";
    if (status === 401 || status === 403) return "auth";
    if (status >= 500 || status === 408 || status === 0) return "provider_down";
    return "bad_request";
  }
  if (isNamed(error, "AI_ToolCallRepairError") || isNamed(error, "AI_NoSuchToolError") || isNamed(error, "AI_InvalidToolInputError"))
    return "tool_failed";
  if (error instanceof Error && NETWORK_CODES.test(`${error.message} ${String((error as { code?: unknown }).code ?? "")}`))
    return "provider_down";
  return "internal";
}

function describe(code: TurnErrorCode, error: unknown): string {
  const api = findApiError(error);
  switch (code) {
    case "context_overflow":
      return "This request did not fit the model's context window. Older messages are being summarized in the background, and oversized tool results are shortened on the next try (their full output is kept in the workspace under context/tool-outputs/). Retry in a moment; if your last message alone is longer than the window, shorten it.";
    case "rate_limited":
      return "The model provider is rate-limiting requests. Retry in a little while.";
    case "auth":
      return "The model provider refused the credentials (check the API key in the server's settings).";
    case "provider_down":
    case "bad_request": {
      if (!api) return "The model provider could not be reached. Retry in a moment.";
      const status = api.statusCode ? ` (HTTP ${api.statusCode})` : "";
      return `The model provider returned an error${status}: ${api.message.slice(0, 300)}`;
    }
    case "tool_failed":
      return "A tool call failed and the reply could not continue.";
    case "interrupted":
      return interruptedFailure().message;
    case "internal":
      // An attached image the attachment store could not hand over: its words are written for people.
      if (error instanceof AppError && error.code === "storage_unavailable") return error.message;
      // Ours (database, a bug): its text may name internal hosts or paths, so it goes to the log only.
      console.error("[model call failed]", error);
      return "The model call failed on the server. Nothing you sent was lost; please retry.";
  }
}

/** Callers usually see a wrapper (RetryError, a cause chain), not the provider's APICallError. */
function findApiError(error: unknown, depth = 0): APICallError | null {
  if (depth > 5 || error === null || typeof error !== "object") return null;
  if (APICallError.isInstance(error)) return error;
  const e = error as { cause?: unknown; lastError?: unknown };
  return findApiError(e.lastError, depth + 1) ?? findApiError(e.cause, depth + 1);
}

function isNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}
