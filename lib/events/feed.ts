import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { db } from "@/lib/db/client";
import { LOG_PAGE, logBounds, readThreadLog } from "./log";
import { feedSource } from "./source";
import { eventFrame, HEARTBEAT_FRAME, readyFrame } from "./sse";
import { toThreadEvent, type ThreadEvent } from "./types";

/** How soon the browser reconnects a dropped feed. */
const RETRY_MS = 1_000;
/** A page's data read `since` a moment ago: allow for the server clocks of several instances. */
const SINCE_SLACK_MS = 2_000;
const MAX_REPLAY = LOG_PAGE * 4;

export type FeedStart = {
  userId: string;
  /** Already checked to be the user's (the route reads it through getOwnedThread). */
  threadId: string;
  /** The last event id the tab saw (Last-Event-ID, or ?after=): replay everything after it. */
  cursor: number | null;
  /** Without a cursor: when the tab's data was read (ms since epoch); replay what changed since. */
  since: number | null;
  signal: AbortSignal;
};

const HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // "no-transform": never gzipped or buffered on the way (Next, proxies), or events would wait.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * The thread's feed as a Server-Sent Events response. Order of work: subscribe first (live events
 * wait in a buffer), then replay the log after the tab's cursor, then the buffer minus what the
 * replay sent, then live; so nothing published during the replay is lost or sent twice.
 */
export async function openFeed(start: FeedStart): Promise<Response> {
  const source = feedSource();
  await source.listen();
  const { EVENTS_FEEDS_PER_USER, EVENTS_HEARTBEAT_MS } = config();
  const encoder = new TextEncoder();
  let out: ReadableStreamDefaultController<Uint8Array> | null = null;
  let buffer: ThreadEvent[] | null = [];
  const sent = new Set<number>();
  const write = (frame: string) => {
    try {
      out?.enqueue(encoder.encode(frame));
    } catch {
      stop(); // the response is gone
    }
  };
  const send = (event: ThreadEvent) => {
    if (sent.has(event.id)) return;
    sent.add(event.id);
    write(eventFrame(event));
  };

  const unsubscribe = source.hub.subscribe(
    { userId: start.userId, threadId: start.threadId, send: (event) => (buffer ? buffer.push(event) : send(event)) },
    EVENTS_FEEDS_PER_USER,
  );
  if (!unsubscribe) {
    throw new AppError("rate_limited", `At most ${EVENTS_FEEDS_PER_USER} live feeds can be open at once; close some tabs.`, {
      retryAfterSeconds: 30,
    });
  }
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  function stop() {
    unsubscribe!();
    clearInterval(heartbeat);
    start.signal.removeEventListener("abort", stop);
    try {
      out?.close();
    } catch {
      // already closed
    }
    out = null;
  }
  start.signal.addEventListener("abort", stop, { once: true });

  let replay: { cursor: number; reset: boolean; events: ThreadEvent[] };
  try {
    replay = await replayFor(start);
  } catch (e) {
    stop();
    throw e;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
      write(readyFrame(replay.cursor, replay.reset, RETRY_MS));
      for (const event of replay.events) send(event);
      const waiting = buffer ?? [];
      buffer = null;
      for (const event of waiting) send(event);
      heartbeat = setInterval(() => write(HEARTBEAT_FRAME), EVENTS_HEARTBEAT_MS);
      if (start.signal.aborted) stop();
    },
    cancel: stop,
  });
  return new Response(body, { headers: HEADERS });
}

/**
 * What a (re)connecting tab missed. With a cursor: the thread's rows after it, and `reset` when
 * the log no longer reaches back to it (pruned) or it is from another log (ahead of the newest
 * row): the tab then reads the whole thread again. With `since`: the thread's rows written since.
 */
async function replayFor(start: FeedStart): Promise<{ cursor: number; reset: boolean; events: ThreadEvent[] }> {
  const { newest, oldest } = await logBounds();
  if (start.cursor !== null) {
    const reset = start.cursor > newest || (oldest > 0 && start.cursor < oldest - 1);
    const events = reset ? [] : await readAll(start.threadId, start.cursor);
    // Too much to replay: reading the thread again is cheaper.
    if (events.length >= MAX_REPLAY) return { cursor: newest, reset: true, events: [] };
    return { cursor: reset ? newest : start.cursor, reset, events };
  }
  if (start.since !== null) {
    const rows = await db().threadEvent.findMany({
      where: { threadId: start.threadId, createdAt: { gt: new Date(start.since - SINCE_SLACK_MS) }, id: { lte: newest } },
      orderBy: { id: "asc" },
      take: LOG_PAGE,
      select: { id: true, threadId: true, type: true, data: true },
    });
    const events = rows.flatMap((r) => toThreadEvent(r) ?? []);
    return { cursor: Math.max(newest, events.at(-1)?.id ?? 0), reset: rows.length === LOG_PAGE, events };
  }
  return { cursor: newest, reset: false, events: [] };
}

/** The thread's rows after `after`, a page at a time (a tab away for long may have many). */
async function readAll(threadId: string, after: number): Promise<ThreadEvent[]> {
  const all: ThreadEvent[] = [];
  for (let from = after; ;) {
    const page = await readThreadLog(threadId, from);
    all.push(...page);
    if (page.length < LOG_PAGE || all.length >= MAX_REPLAY) return all;
    from = page.at(-1)!.id;
  }
}
