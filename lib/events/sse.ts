import type { ThreadEvent } from "./types";

/*
 * Server-Sent Events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 * Every frame is one JSON line, so no field ever needs splitting. Pure.
 */

/** A change: the browser keeps `id` and sends it back as Last-Event-ID when it reconnects. */
export function eventFrame(event: ThreadEvent): string {
  const { id, threadId: _threadId, ...body } = event;
  return `id: ${id}\nevent: change\ndata: ${JSON.stringify(body)}\n\n`;
}

/**
 * The first frame: the cursor the feed starts from, and whether the tab must read the thread again
 * because its cursor is older than the log keeps (`reset`). `retry` sets the reconnect delay.
 */
export function readyFrame(cursor: number, reset: boolean, retryMs: number): string {
  return `retry: ${retryMs}\nid: ${cursor}\nevent: ready\ndata: ${JSON.stringify({ cursor, reset })}\n\n`;
}

/** A comment line: keeps proxies and load balancers from closing an idle feed. */
export const HEARTBEAT_FRAME = ": keep-alive\n\n";
