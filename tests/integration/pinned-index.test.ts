import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory, SqlQuery } from "@prisma/driver-adapter-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { pinnedBefore } from "@/lib/chat/recent-span";
import type { Db } from "@/lib/db/client";
import { pointDbAt } from "../support/db-slot";
import { readPins } from "@/lib/pins/pins";
import { PrismaClient as PostgresClient } from "@/lib/db/generated/postgres/client";
import { PrismaClient as SqliteClient } from "@/lib/db/generated/sqlite/client";

const MESSAGES = 5000;

/** The app's adapter, with every SQL statement it is asked to run written down. */
function recording(factory: SqlDriverAdapterFactory, seen: SqlQuery[]): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      const queryRaw = adapter.queryRaw.bind(adapter);
      adapter.queryRaw = (q: SqlQuery) => {
        seen.push(q);
        return queryRaw(q);
      };
      return adapter;
    },
  };
}

// The lookup runs on every request with a summary: through the (threadId, pinnedAt) index it reads
// the pins alone; through (threadId, deletedAt, seq) it walks every message before the cut.
describe.each(testDatabases())("the pinned-messages lookup on $name", (target) => {
  let env: Provisioned;
  let recorder: Db;
  const seen: SqlQuery[] = [];
  let threadId: string;
  beforeAll(async () => {
    env = await provision(target);
    const user = await env.db.user.create({ data: {} });
    const ws = await env.db.workspace.create({ data: { userId: user.id } });
    threadId = (await env.db.thread.create({ data: { userId: user.id, workspaceId: ws.id, lastSeq: MESSAGES } })).id;
    const rows = Array.from({ length: MESSAGES }, (_, i) => ({
      id: `${threadId}-${i + 1}`,
      threadId,
      seq: i + 1,
      role: i % 2 ? "assistant" : "user",
      text: `message ${i + 1}`,
      tokens: 3,
      parts: JSON.stringify([{ type: "text", text: `message ${i + 1}` }]),
      // Pinned: 100 and 200 (live), 300 (deleted by an edit), 4900 (after the cut).
      pinnedAt: [100, 200, 300, 4900].includes(i + 1) ? new Date() : null,
      deletedAt: i + 1 === 300 ? new Date() : null,
    }));
    for (let i = 0; i < rows.length; i += 1000) await env.db.message.createMany({ data: rows.slice(i, i + 1000) });
    if (target.name === "postgres") await env.db.$executeRawUnsafe(`ANALYZE "Message"`); // autovacuum's job in production
    const factory = target.name === "sqlite" ? new PrismaBetterSqlite3({ url: env.url }) : new PrismaPg({ connectionString: env.url });
    const adapter = recording(factory, seen);
    recorder = target.name === "sqlite" ? new SqliteClient({ adapter }) : (new PostgresClient({ adapter }) as unknown as Db);
    pointDbAt(recorder);
  });
  afterAll(async () => {
    await recorder?.$disconnect();
    await env?.drop();
  });

  /** The plan of the one pinnedAt SELECT run since `from` (an index into `seen`). */
  async function planOfPinQuery(from: number): Promise<string> {
    const queries = seen.slice(from).filter((q) => q.sql.includes("pinnedAt") && q.sql.trimStart().startsWith("SELECT"));
    expect(queries).toHaveLength(1);
    const explain = target.name === "sqlite" ? `EXPLAIN QUERY PLAN ${queries[0].sql}` : `EXPLAIN ${queries[0].sql}`;
    return (await env.db.$queryRawUnsafe<Array<Record<string, unknown>>>(explain, ...queries[0].args))
      .map((row) => String(row.detail ?? row["QUERY PLAN"]))
      .join("\n");
  }

  it("returns the live pins of the span in order, and its query is planned on the pinnedAt index", async () => {
    const from = seen.length;
    const pins = await pinnedBefore(threadId, 50, 4000);
    expect(pins.map((p) => p.seq)).toEqual([100, 200]);
    const plan = await planOfPinQuery(from);
    expect(plan).toContain("Message_threadId_pinnedAt_idx");
    expect(plan).not.toContain("Message_threadId_deletedAt_seq_idx");
  });

  // The pins panel, the thread page and the inspector read every live pin of the thread this way.
  it("reads a thread's live pins in order through the pinnedAt index", async () => {
    const from = seen.length;
    const state = await readPins(recorder, threadId);
    expect(state.pinned.map((p) => p.id)).toEqual([100, 200, 4900].map((n) => `${threadId}-${n}`));
    expect(state.tokens).toBe(9);
    const plan = await planOfPinQuery(from);
    expect(plan).toContain("Message_threadId_pinnedAt_idx");
    expect(plan).not.toContain("Message_threadId_deletedAt_seq_idx");
  });
});
