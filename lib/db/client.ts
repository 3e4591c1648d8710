import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { attachDatabasePool } from "@vercel/functions";
import pg from "pg";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { config } from "@/lib/config";
import { poolOptions } from "./pool-options";

// Both generated clients come from the same models file, so they share one API; the SQLite
// client's type stands for both.
export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

// A burst of turns queues for a transaction (SQLite runs one at a time; PostgreSQL waits for a
// pooled connection): waiting up to 10 s beats Prisma's default of failing after 2 s.
const transactionOptions = { maxWait: 10_000, timeout: 15_000 };

function createDb(url: string): Db {
  if (isPostgresUrl(url)) {
    // Our own pool so that Vercel can be told of it; the adapter still owns it ($disconnect ends it).
    const pool = new pg.Pool({ connectionString: url, ...pgPoolOptions() });
    // On Vercel the function would be frozen with idle connections open; this keeps it alive (its
    // request context's waitUntil) until the pool has closed them. Elsewhere it does nothing.
    if (config().VERCEL) attachDatabasePool(pool);
    return new PostgresClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions }) as unknown as Db;
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // busy timeout: concurrent writers wait instead of failing with SQLITE_BUSY.
  const db = new SqliteClient({ adapter: new PrismaBetterSqlite3({ url, timeout: 10_000 }), transactionOptions });
  sqliteReady.set(
    db,
    db.$queryRawUnsafe("PRAGMA journal_mode = WAL").then(() => undefined),
  );
  return db;
}

// Which clients are SQLite, kept on globalThis like the client itself: Next bundles this module into
// several chunks (instrumentation, each route), each with its own module state, while db() hands
// all of them the one client from globalThis.
const globalForDb = globalThis as unknown as { __db?: Db; __sqliteReady?: WeakMap<Db, Promise<void>> };
const sqliteReady = (globalForDb.__sqliteReady ??= new WeakMap<Db, Promise<void>>());

/**
 * The process-wide client for DATABASE_URL (kept on globalThis so dev reloads reuse it; a test puts
 * its own database's client there, tests/support/db-slot.ts).
 */
export function db(): Db {
  if (!globalForDb.__db) globalForDb.__db = createDb(config().DATABASE_URL);
  return globalForDb.__db;
}

/** True for a client on a SQLite file (see busy-retry.ts). */
export function isSqlite(client: Db): boolean {
  return sqliteReady.has(client);
}

/**
 * Opens DATABASE_POOL_MIN connections to PostgreSQL at once (concurrent queries each take one), at
 * server start. Measured with `npm run bench -- load`: a burst of turns arriving at a cold pool
 * spends its first round trips waiting for new backends. SQLite has no pool.
 */
export async function warmPool(client: Db = db()): Promise<void> {
  if (isSqlite(client)) return;
  await Promise.all(Array.from({ length: pgPoolOptions().min }, () => client.$queryRawUnsafe("SELECT 1")));
}

const pgPoolOptions = () => {
  const c = config();
  return poolOptions({ onVercel: c.VERCEL, size: c.DATABASE_POOL_SIZE, min: c.DATABASE_POOL_MIN });
};
