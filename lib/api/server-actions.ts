import type { ApiErrorBody } from "./errors";

/**
 * What a server action (app/actions/) answers: its value, exactly as the matching API route's JSON
 * body, or the API's error object and status. A value, not a throw: Next hides a thrown error's
 * message from the browser in production.
 */
export type ServerActionResult<T> = { ok: true; value: T } | { ok: false; status: number; error: ApiErrorBody["error"] };
