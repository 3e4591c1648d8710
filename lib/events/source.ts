import { config } from "@/lib/config";
import { startIntervalLoop } from "@/lib/jobs/interval-loop";
import { connectRedisBus, type RedisBus } from "./bus";
import { FeedHub } from "./hub";
import { advanceCursor, startCursor, type LogCursor } from "./log-cursor";
import { appendChanges, LOG_PAGE, logBounds, pruneLog, readLog } from "./log";
import type { ThreadChange, ThreadEvent } from "./types";

/*
 * One per process: the hub of open feeds and what feeds it. Every event is appended to the change
 * log, delivered at once to this instance's feeds, and published on Redis when REDIS_URL is set, so
 * every other instance hears it within milliseconds. A poll of the log fans out what arrives by no
 * other way: without Redis it is how instances hear each other (every EVENTS_POLL_MS while any
 * feed is open), with Redis a slow safety net for a message the pub/sub dropped.
 */

export type Publishable = { threadIds: readonly string[]; change: ThreadChange };

/** How long an id missing below newer ones is waited for (an insert that has not committed yet). */
const GAP_WAIT_MS = 2_000;
/** With Redis the log is read only to catch what pub/sub lost. */
const SAFETY_POLL_MS = 5_000;
const PRUNE_EVERY_MS = 60_000;

class FeedSource {
  readonly hub = new FeedHub();
  private bus: Promise<RedisBus | null> | null = null;
  private cursor: LogCursor | null = null;
  private stopPolling: (() => void) | null = null;
  private appending: Promise<unknown> = Promise.resolve();

  /**
   * Appends the change for each thread and delivers it everywhere. Appends run one at a time in
   * call order (`what` may look up the threads first, inside that order), so within one process
   * the log's ids follow the order the changes were published in.
   */
  publish(what: Publishable | (() => Promise<Publishable | null>)): Promise<ThreadEvent[]> {
    const appended = this.appending.then(async () => {
      const p = typeof what === "function" ? await what() : what;
      return p ? appendChanges(p.threadIds, p.change) : [];
    });
    this.appending = appended.catch(() => undefined); // orders appends only: the caller gets the error below
    return appended.then(async (events) => {
      for (const event of events) this.hub.deliver(event);
      const bus = await this.redis();
      await bus?.publish(events).catch((e) => console.error("[events] not published on redis", e));
      return events;
    });
  }

  /** Starts listening (Redis and the log poll) when the first feed opens on this instance. */
  async listen(): Promise<void> {
    await this.redis();
    this.cursor ??= startCursor((await logBounds()).newest);
    if (this.stopPolling) return;
    const { EVENTS_POLL_MS, REDIS_URL } = config();
    const poll = startIntervalLoop({
      intervalMs: REDIS_URL ? SAFETY_POLL_MS : EVENTS_POLL_MS,
      run: () => this.poll(),
      label: "events poll",
    });
    const prune = startIntervalLoop({ intervalMs: PRUNE_EVERY_MS, run: () => pruneLog(config().EVENTS_KEEP_MS), label: "events prune" });
    this.stopPolling = () => {
      poll();
      prune();
    };
  }

  /** Reads the log after this instance's cursor and fans out what no other way delivered. */
  async poll(): Promise<void> {
    if (this.hub.feeds === 0) {
      this.cursor = null; // nobody listens here: the next feed starts from the log's newest row
      return;
    }
    if (!this.cursor) return;
    for (;;) {
      const events = await readLog(this.cursor.floor);
      const { fresh, cursor } = advanceCursor(
        this.cursor,
        events.map((e) => e.id),
        Date.now(),
        GAP_WAIT_MS,
      );
      this.cursor = cursor;
      const freshIds = new Set(fresh);
      for (const event of events) if (freshIds.has(event.id)) this.hub.deliver(event);
      if (events.length < LOG_PAGE) return;
    }
  }

  /** Stops the loops and the Redis connections (tests; a server keeps its source for its life). */
  async close(): Promise<void> {
    this.stopPolling?.();
    this.stopPolling = null;
    const bus = await this.bus;
    this.bus = null;
    await bus?.close();
  }

  private redis(): Promise<RedisBus | null> {
    const url = config().REDIS_URL;
    this.bus ??= url
      ? connectRedisBus(url, (event) => this.hub.deliver(event)).catch((e) => {
          console.error("[events] redis unavailable; the change log poll carries the feed", e);
          this.bus = null; // try again at the next publish or feed
          return null;
        })
      : Promise.resolve(null);
    return this.bus;
  }
}

const globalForEvents = globalThis as unknown as { __feedSource?: FeedSource };

/**
 * The process's source, kept on globalThis: Next bundles lib/ into several chunks (each route,
 * instrumentation), and a publish from the chat route must reach a feed opened by the events route.
 */
export function feedSource(): FeedSource {
  return (globalForEvents.__feedSource ??= new FeedSource());
}
