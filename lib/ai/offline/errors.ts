import { APICallError } from "@ai-sdk/provider";

/** Fake endpoint so logs and error UIs show where the error came from. */
export const OFFLINE_URL = "offline://chat";

/** Same shape OpenAI returns, so the app's overflow handling is exercised for real. */
export function contextOverflowError(limit: number, actual: number, requestBodyValues: unknown): APICallError {
  const message = `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${actual} tokens.`;
  return apiError(400, { message, type: "invalid_request_error", param: "messages", code: "context_length_exceeded" }, requestBodyValues);
}

/** What the `fail` directive throws: a non-retryable provider 500. */
export function offlineServerError(requestBodyValues: unknown): APICallError {
  const message = "The offline model failed on purpose (the `fail` directive).";
  return apiError(500, { message, type: "server_error", param: null, code: "offline_fail" }, requestBodyValues);
}

function apiError(statusCode: number, error: Record<string, unknown>, requestBodyValues: unknown): APICallError {
  const data = { error };
  return new APICallError({
    message: String(error.message),
    url: OFFLINE_URL,
    requestBodyValues,
    statusCode,
    responseHeaders: { "content-type": "application/json" },
    responseBody: JSON.stringify(data),
    data,
    // Retrying cannot change a deterministic answer; retries would only slow tests down.
    isRetryable: false,
  });
}
