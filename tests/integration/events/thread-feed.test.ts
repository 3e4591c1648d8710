import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { completeTurn, textStart } from "../support/turns";
import { ORIGIN, type Jar } from "../security/support";
import { sseReader } from "./sse-reader";
import { resetConfigForTests } from "@/tests/support/config";
import { publishThreadChange, publishWorkspaceChange } from "@/lib/events/publish";
import { feedSource } from "@/lib/events/source";
import { pruneLog } from "@/lib/events/log";
import { writeFile } from "@/lib/workspace/store";
import type { ThreadEvent } from "@/lib/events/types";
import * as threadsRoute from "@/app/api/threads/route";
import * as eventsRoute from "@/app/api/threads/[id]/events/route";

/** The process's feed source, which lib/events/source.ts keeps on globalThis. */
const slot = globalThis as { __feedSource?: ReturnType<typeof feedSource> };

/** Each case starts from a fresh source: drop the process's one. */
async function dropFeedSource(): Promise<void> {
  await slot.__feedSource?.close();
  slot.__feedSource = undefined;
}

/** Another instance's source: what feedSource() makes in a process that has none yet. */
function anotherInstancesSource(): ReturnType<typeof feedSource> {
  const held = slot.__feedSource;
  slot.__feedSource = undefined;
  try {
    return feedSource();
  } finally {
    slot.__feedSource = held;
  }
}

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("../security/support")).fakeCookies(jar));

/*
 * The feed on the database cursor (no Redis): real route handler, real session code, real change
 * log on SQLite and PostgreSQL. A second FeedSource in the same process stands in for a second app
 * instance: it shares nothing with the first but the database.
 */
describe.each(testDatabases())("thread event feed over the change log on $name", (target) => {
  let env: Provisioned;
  const open: Array<{ abort: () => void }> = [];

  beforeAll(async () => {
    Object.assign(process.env, { EVENTS_POLL_MS: "50", EVENTS_FEEDS_PER_USER: "3" });
    delete process.env.REDIS_URL;
    resetConfigForTests();
    env = await provision(target);
  });
  afterEach(async () => {
    for (const o of open.splice(0)) o.abort();
    await dropFeedSource();
  });
  afterAll(async () => {
    delete process.env.EVENTS_POLL_MS;
    delete process.env.EVENTS_FEEDS_PER_USER;
    resetConfigForTests();
    await env?.drop();
  });

  /** A new guest (a fresh cookie jar) with one thread; returns the cookies to act as them. */
  async function person(): Promise<{ cookies: Map<string, string>; threadId: string; userId: string }> {
    jar.values.clear();
    const res = await threadsRoute.POST(
      new Request(`${ORIGIN}/api/threads`, {
        method: "POST",
        headers: { host: "127.0.0.1:3000", origin: ORIGIN, "content-type": "application/json" },
        body: "{}",
      }),
      { params: Promise.resolve({}) },
    );
    const { id } = (await res.json()) as { id: string };
    const { userId } = await env.db.thread.findUniqueOrThrow({ where: { id } });
    return { cookies: new Map(jar.values), threadId: id, userId };
  }

  async function feed(as: Map<string, string>, threadId: string, opts: { lastEventId?: string; query?: string } = {}) {
    jar.values = new Map(as);
    const controller = new AbortController();
    open.push(controller);
    const headers: Record<string, string> = { host: "127.0.0.1:3000", ...(opts.lastEventId ? { "last-event-id": opts.lastEventId } : {}) };
    const req = new Request(`${ORIGIN}/api/threads/${threadId}/events${opts.query ?? ""}`, { headers, signal: controller.signal });
    return eventsRoute.GET(req, { params: Promise.resolve({ id: threadId }) });
  }

  it("tells two open feeds of a thread about each change, in order, and nothing of other threads", async () => {
    const me = await person();
    const other = await person();
    const a = sseReader(await feed(me.cookies, me.threadId));
    const b = sseReader(await feed(me.cookies, me.threadId));
    expect((await a.next(5000))?.event).toBe("ready");
    expect((await b.next(5000))?.event).toBe("ready");

    await publishThreadChange(other.threadId, { type: "compaction.started", compactionId: "c-other" });
    await completeTurn(me.userId, me.threadId, textStart("hello"));
    for (const reader of [a, b]) {
      const frames = await reader.until((f) => (f.data as ThreadEvent).type === "turn.ended");
      const types = frames.map((f) => (f.data as ThreadEvent).type);
      expect(types[0]).toBe("turn.started");
      expect(types.at(-1)).toBe("turn.ended");
      expect(frames.every((f) => (f.data as { compactionId?: string }).compactionId !== "c-other")).toBe(true);
      const ids = frames.map((f) => Number(f.id));
      expect([...ids].sort((x, y) => x - y)).toEqual(ids); // ids increase: the order they were published in
    }
  });

  it("reaches a feed on another instance through the log poll, within the poll interval", async () => {
    const me = await person();
    const reader = sseReader(await feed(me.cookies, me.threadId));
    await reader.next(5000); // ready: this instance now polls the log
    // Another instance: its own source, hub and cursor; it only writes the log.
    const elsewhere = anotherInstancesSource();
    const t0 = Date.now();
    await elsewhere.publish({ threadIds: [me.threadId], change: { type: "file.changed", path: "plan.md", version: 2 } });
    const [frame] = await reader.until(() => true, 5000);
    expect(frame!.data).toEqual({ type: "file.changed", path: "plan.md", version: 2 });
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it("replays what a reconnecting tab missed after its Last-Event-ID (or ?after=), and only that", async () => {
    const me = await person();
    const first = sseReader(await feed(me.cookies, me.threadId));
    await first.next(5000);
    await publishThreadChange(me.threadId, { type: "compaction.started", compactionId: "c1" });
    const seen = await first.until((f) => f.event === "change");
    const cursor = seen.at(-1)!.id!;
    await first.close();

    // While the tab is away: a file changes and a compaction lands.
    const wsId = (await env.db.thread.findUniqueOrThrow({ where: { id: me.threadId } })).workspaceId;
    await writeFile(wsId, { path: "notes.md", content: "x", baseVersion: null, author: "person" });
    await publishThreadChange(me.threadId, { type: "compaction.landed", compactionId: "c1", status: "saved" });

    for (const how of [{ lastEventId: cursor }, { query: `?after=${cursor}` }]) {
      const again = sseReader(await feed(me.cookies, me.threadId, how));
      const ready = await again.next(5000);
      expect(ready).toMatchObject({ event: "ready", data: { reset: false } });
      const replay = await again.until((f) => (f.data as ThreadEvent).type === "compaction.landed");
      expect(replay.map((f) => (f.data as ThreadEvent).type)).toEqual(["file.changed", "compaction.landed"]);
      expect(replay[0]!.data).toMatchObject({ path: "notes.md", version: 1 });
      await again.close();
    }
  });

  it("says reset to a cursor older than the log keeps, and to one from another log", async () => {
    const me = await person();
    await publishThreadChange(me.threadId, { type: "compaction.started", compactionId: "old" });
    await env.db.threadEvent.updateMany({ data: { createdAt: new Date(Date.now() - 3_600_000) } });
    await publishThreadChange(me.threadId, { type: "compaction.started", compactionId: "kept-boundary" });
    await env.db.threadEvent.updateMany({
      where: { createdAt: { gt: new Date(Date.now() - 60_000) } },
      data: { createdAt: new Date(Date.now() - 1_800_000) },
    });
    await publishThreadChange(me.threadId, { type: "compaction.started", compactionId: "new" });
    expect(await pruneLog(600_000)).toBeGreaterThan(0);
    const stale = sseReader(await feed(me.cookies, me.threadId, { lastEventId: "0" }));
    expect(await stale.next(5000)).toMatchObject({ event: "ready", data: { reset: true } });
    const ahead = sseReader(await feed(me.cookies, me.threadId, { lastEventId: "2000000000" }));
    expect(await ahead.next(5000)).toMatchObject({ event: "ready", data: { reset: true } });
  });

  it("tells every thread sharing a workspace about a file change there", async () => {
    const me = await person();
    const { workspaceId } = await env.db.thread.findUniqueOrThrow({ where: { id: me.threadId } });
    const sibling = await env.db.thread.create({ data: { userId: me.userId, workspaceId, title: "continued" } });
    const reader = sseReader(await feed(me.cookies, sibling.id));
    await reader.next(5000);
    await publishWorkspaceChange(workspaceId, { type: "file.changed", path: "plan.md", version: 5 });
    expect((await reader.until(() => true))[0]!.data).toMatchObject({ type: "file.changed", version: 5 });
  });

  it("answers another user's thread, or nobody's, with a 404 and opens no feed", async () => {
    const me = await person();
    const stranger = await person();
    for (const cookies of [stranger.cookies, new Map<string, string>()]) {
      const res = await feed(cookies, me.threadId);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
    }
    expect(feedSource().hub.feeds).toBe(0);
  });

  it("refuses a user's feed over EVENTS_FEEDS_PER_USER with a 429 and frees the place when one closes", async () => {
    const me = await person();
    for (let i = 0; i < 3; i++) expect((await feed(me.cookies, me.threadId)).status).toBe(200);
    const refused = await feed(me.cookies, me.threadId);
    expect(refused.status).toBe(429);
    open[0]!.abort();
    expect((await feed(me.cookies, me.threadId)).status).toBe(200);
  });

  it("rejects a malformed cursor in the query with a 400", async () => {
    const me = await person();
    const res = await feed(me.cookies, me.threadId, { query: "?after=-1" });
    expect(res.status).toBe(400);
  });
});

/*
 * With REDIS_URL: two sources (two instances) hear each other through pub/sub, well before the
 * log's safety poll (every 5 s with Redis) could have carried it.
 */
describe.runIf(process.env.TEST_REDIS_URL)("thread event feed over Redis pub/sub", () => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.REDIS_URL = process.env.TEST_REDIS_URL;
    resetConfigForTests();
    env = await provision(testDatabases()[0]!);
  });
  afterAll(async () => {
    delete process.env.REDIS_URL;
    resetConfigForTests();
    await env?.drop();
  });

  it("delivers a change published on one instance to a feed on another within a fraction of a second", async () => {
    const here = anotherInstancesSource();
    const there = anotherInstancesSource();
    try {
      await here.listen();
      await there.listen();
      const got: Array<{ event: ThreadEvent; at: number }> = [];
      const close = here.hub.subscribe({ userId: "u", threadId: "t-redis", send: (event) => got.push({ event, at: Date.now() }) }, 5);
      const t0 = Date.now();
      const [published] = await there.publish({ threadIds: ["t-redis"], change: { type: "turn.progress", messageId: "m1" } });
      await vi.waitFor(() => expect(got).toHaveLength(1), { timeout: 3000, interval: 10 });
      expect(got[0]!.event).toMatchObject({ id: published!.id, type: "turn.progress", messageId: "m1" });
      expect(got[0]!.at - t0).toBeLessThan(1000);
      // The log's safety poll later reads the same row: it is not delivered twice.
      await here.poll();
      expect(got).toHaveLength(1);
      close!();
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});
