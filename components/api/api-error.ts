import type { ApiErrorBody, FileConflictDetails } from "@/lib/api";

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/**
 * Every failed API call, whatever the route: the server's {code, message} and the HTTP status
 * (0 when the server was not reached). `details` keeps the other fields of the error body (a file
 * conflict carries currentVersion, lastAuthor and deleted).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  static unreachable(): ApiError {
    return new ApiError(UNREACHABLE, 0, "network");
  }

  /** From an error answer; a body that is not ours still gives a sentence. */
  static fromBody(status: number, statusText: string, body: unknown): ApiError {
    const error = (body as Partial<ApiErrorBody> | null)?.error;
    const { code, message, ...details } = error ?? {};
    return new ApiError(
      typeof message === "string" ? message : `The server answered ${status} ${statusText}.`,
      status,
      typeof code === "string" ? code : "http",
      details,
    );
  }
}

export const isConflict = (e: unknown): e is ApiError => e instanceof ApiError && e.code === "conflict";
export const isNotFound = (e: unknown): e is ApiError => e instanceof ApiError && e.status === 404;

export function conflictDetails(error: ApiError): FileConflictDetails {
  const d = error.details;
  return {
    currentVersion: typeof d.currentVersion === "number" ? d.currentVersion : null,
    lastAuthor: d.lastAuthor === "agent" || d.lastAuthor === "person" ? d.lastAuthor : null,
    deleted: d.deleted === true,
  };
}

/**
 * The chat transport (AI SDK) throws an Error whose message is the raw response body: read our
 * error shape back out of it, so a 409 from POST /api/chat is an ApiError like any other.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  try {
    const parsed = JSON.parse(raw) as Partial<ApiErrorBody>;
    if (parsed?.error?.message) return ApiError.fromBody(0, "", parsed);
  } catch {
    // not JSON: already a sentence
  }
  if (/failed to fetch|networkerror|load failed/i.test(raw)) return ApiError.unreachable();
  return new ApiError(raw || "Something went wrong. Please try again.", 0, "unknown");
}

/** A sentence for people, whatever was thrown. */
export function readableError(error: unknown): string {
  return toApiError(error).message;
}
