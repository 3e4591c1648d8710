import type { ThreadChange } from "@/lib/events/types";

/**
 * GET /api/threads/:id/events (Server-Sent Events): `event: ready` first, data `{cursor, reset}`;
 * then one `event: change` per change, data one of these (ids and versions, never content), with
 * the change log's id as the SSE id.
 */
export type ApiThreadChange = ThreadChange;
export type ApiFeedReady = { cursor: number; reset: boolean };
