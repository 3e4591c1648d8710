// Search against a LIKE scan of the same rows, and the first-message jump against loading every
// page in sequence, on SQLite and (with TEST_DATABASE_URL or BENCH_DATABASE_URL) PostgreSQL, for
// one thread of 1,000 / 10,000 / 100,000 messages. Measured in-process at the database layer (the
// work behind GET /api/threads/:id/search and /messages), p50 and p95 over BENCH_SEARCH_RUNS runs.
import { provision, type TestDatabase } from "../tests/integration/support/databases";
import { listMessagesAfter } from "@/lib/chat/transcript-pages";
import { db, isSqlite } from "@/lib/db/client";
import { listMessagesPage } from "@/lib/db/messages";
import { likeContains } from "@/lib/search/query";
import { searchMessages } from "@/lib/search/search";
import { table } from "./support";

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const PAGE = 200; // the page's older-page size (components/api/query-keys.ts)

const WORDS = (
  "account loader migrate caller handler checklist deploy staging review budget invoice export report cache " +
  "session token request response schema index query cursor window summary compaction routine workspace file"
).split(" ");

/** Prose from a fixed vocabulary, a path and an identifier per message; one rare word near the start. */
function text(i: number): string {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  const rare = i === 17 ? " The quokka incident cost 4312 EUR." : "";
  return `Step ${i}: ${w(1)} the ${w(2)} ${w(3)} in src/module${i % 97}/handler${i % 13}.ts, then ${w(4)} ${w(5)} for reconcileAccount${i % 50}.${rare}`;
}

async function seed(userId: string, count: number): Promise<string> {
  const ws = await db().workspace.create({ data: { userId } });
  const thread = await db().thread.create({ data: { userId, workspaceId: ws.id, lastSeq: count } });
  for (let start = 0; start < count; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, count - start) }, (_, k) => {
      const i = start + k;
      const t = text(i);
      return {
        id: `${thread.id}-m${i}`,
        threadId: thread.id,
        seq: i + 1,
        role: i % 2 ? "assistant" : "user",
        text: t,
        tokens: 30,
        parts: JSON.stringify([{ type: "text", text: t }]),
      };
    });
    await db().message.createMany({ data: rows });
  }
  return thread.id;
}

/** The baseline: every live row of the thread read and matched with LIKE (no index can help '%x%'). */
function likeScan(threadId: string, term: string) {
  const client = db();
  // PostgreSQL: lower(text) LIKE, which the trigram index on "text" does not serve, so it scans like SQLite.
  return isSqlite(client)
    ? client.$queryRawUnsafe(
        `SELECT "id" FROM "Message" WHERE "threadId" = ? AND "deletedAt" IS NULL AND "text" LIKE ? ESCAPE '\\' ORDER BY "seq" DESC LIMIT 20`,
        threadId,
        likeContains(term),
      )
    : client.$queryRawUnsafe(
        `SELECT "id" FROM "Message" WHERE "threadId" = $1 AND "deletedAt" IS NULL AND lower("text") LIKE lower($2) ESCAPE '\\' ORDER BY "seq" DESC LIMIT 20`,
        threadId,
        likeContains(term),
      );
}

async function times(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { p50: t[Math.floor(t.length * 0.5)], p95: t[Math.min(t.length - 1, Math.floor(t.length * 0.95))] };
}

async function loadEveryPage(threadId: string) {
  let before: number | undefined;
  for (;;) {
    const page = await listMessagesPage(threadId, { beforeSeq: before, limit: PAGE });
    if (!page.nextCursor) return;
    before = Number(page.nextCursor);
  }
}

const QUERIES: Array<[label: string, q: string]> = [
  ["rare word", "quokka"],
  ["common word", "budget"],
  ["path", "src/module42/handler3.ts"],
];

const ms = (n: number) => n.toFixed(2);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

export async function benchSearch(): Promise<string> {
  const targets: TestDatabase[] = [{ name: "sqlite", url: "" }];
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) targets.push({ name: "postgres", url: pg });
  const rows: Array<Record<string, string | number>> = [];
  for (const target of targets) {
    const env = await provision(target);
    try {
      const userId = (await env.db.user.create({ data: {} })).id;
      for (const size of SIZES) {
        const threadId = await seed(userId, size);
        if (!isSqlite(env.db)) await env.db.$executeRawUnsafe(`ANALYZE "Message"`);
        for (const [label, q] of QUERIES) {
          const found = await searchMessages({ userId, threadId, includeDeleted: false, q, limit: 20 });
          const search = await times(() => searchMessages({ userId, threadId, includeDeleted: false, q, limit: 20 }));
          const like = await times(() => likeScan(threadId, q));
          rows.push({
            db: target.name,
            messages: size,
            measure: `search: ${label} (${found.results.length} hits)`,
            "ours p50": ms(search.p50),
            "ours p95": ms(search.p95),
            "baseline p50": ms(like.p50),
            "baseline p95": ms(like.p95),
            "p50 ratio": ratio(like.p50, search.p50),
            "p95 ratio": ratio(like.p95, search.p95),
          });
        }
        const jump = await times(() => listMessagesAfter(threadId, 0, 100));
        const every = await times(() => loadEveryPage(threadId));
        rows.push({
          db: target.name,
          messages: size,
          measure: `first message: 1 page vs ${Math.ceil(size / PAGE)} pages`,
          "ours p50": ms(jump.p50),
          "ours p95": ms(jump.p95),
          "baseline p50": ms(every.p50),
          "baseline p95": ms(every.p95),
          "p50 ratio": ratio(every.p50, jump.p50),
          "p95 ratio": ratio(every.p95, jump.p95),
        });
      }
    } finally {
      await env.drop();
    }
  }
  return `${table(rows)}\n(ms; baseline = LIKE scan of the same rows / every ${PAGE}-message page from the newest; ratio = baseline / ours)`;
}
