import type { ThreadEvent } from "./types";

/*
 * The in-process fan-out: which open feeds get an event, and whether a user may open one more.
 * One hub per process (see source.ts); every event reaches it once per source that saw it (this
 * instance's own publish, Redis, the log poll), so it drops ids it already delivered. Pure: no I/O.
 */

export type Subscriber = {
  userId: string;
  threadId: string;
  send: (event: ThreadEvent) => void;
};

/** How many delivered ids are remembered for deduplication (a few minutes of busy traffic). */
const REMEMBERED_IDS = 10_000;

export class FeedHub {
  private readonly byThread = new Map<string, Set<Subscriber>>();
  private readonly perUser = new Map<string, number>();
  // Insertion-ordered, so the oldest id is the first one.
  private readonly delivered = new Set<number>();

  /** Opens a feed unless the user already has `cap` open on this instance; returns its close. */
  subscribe(sub: Subscriber, cap: number): (() => void) | null {
    const open = this.perUser.get(sub.userId) ?? 0;
    if (open >= cap) return null;
    this.perUser.set(sub.userId, open + 1);
    let set = this.byThread.get(sub.threadId);
    if (!set) this.byThread.set(sub.threadId, (set = new Set()));
    set.add(sub);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      set.delete(sub);
      if (set.size === 0 && this.byThread.get(sub.threadId) === set) this.byThread.delete(sub.threadId);
      const left = (this.perUser.get(sub.userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(sub.userId, left);
      else this.perUser.delete(sub.userId);
    };
  }

  /** Hands the event to every feed open on its thread, once; returns how many got it. */
  deliver(event: ThreadEvent): number {
    if (this.delivered.has(event.id)) return 0;
    this.remember(event.id);
    const subs = this.byThread.get(event.threadId);
    if (!subs) return 0;
    for (const sub of [...subs]) sub.send(event);
    return subs.size;
  }

  get feeds(): number {
    let n = 0;
    for (const set of this.byThread.values()) n += set.size;
    return n;
  }

  private remember(id: number): void {
    this.delivered.add(id);
    if (this.delivered.size > REMEMBERED_IDS) this.delivered.delete(this.delivered.values().next().value!);
  }
}
