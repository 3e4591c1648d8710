// Every error the app answers with on purpose: a stable code and an HTTP status. Anything else is a
// 500 with a generic message (details go to the server log, never to the client).

export type ErrorCode =
  | "bad_json"
  | "bad_url"
  | "forbidden"
  | "unsupported_media_type"
  | "rate_limited"
  | "invalid_body"
  | "too_large"
  | "not_found"
  | "conflict"
  | "turn_in_progress"
  | "invalid_path"
  | "limit_reached"
  | "model_config"
  | "model_unavailable"
  | "unauthorized"
  | "server_busy"
  | "storage_unavailable"
  | "internal";

const STATUS: Record<ErrorCode, number> = {
  bad_json: 400,
  bad_url: 400,
  forbidden: 403,
  unsupported_media_type: 415,
  rate_limited: 429,
  invalid_body: 400,
  too_large: 413,
  not_found: 404,
  conflict: 409,
  turn_in_progress: 409,
  invalid_path: 400,
  limit_reached: 422,
  model_config: 500,
  model_unavailable: 400,
  unauthorized: 401,
  server_busy: 503,
  storage_unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = STATUS[code];
  }
}

export const notFound = (what = "Thread") => new AppError("not_found", `${what} not found`);

/** What an error answers, for a route (errorResponse) and a server action alike: the status and `{error: {code, message, …}}`. */
export function errorBody(err: unknown): {
  status: number;
  body: { error: { code: ErrorCode; message: string } & Record<string, unknown> };
} {
  if (err instanceof AppError) return { status: err.status, body: { error: { code: err.code, message: err.message, ...err.details } } };
  console.error("[internal error]", err);
  return {
    status: 500,
    body: { error: { code: "internal", message: "Something went wrong on the server. Nothing you sent was lost; please try again." } },
  };
}

export function errorResponse(err: unknown): Response {
  const { status, body } = errorBody(err);
  // A 429 tells the client when to come back, in seconds, both as a header and in the body.
  const retry = body.error.retryAfterSeconds;
  const headers = typeof retry === "number" ? { "retry-after": String(retry) } : undefined;
  return Response.json(body, { status, headers });
}
