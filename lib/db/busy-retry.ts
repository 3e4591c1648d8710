import "server-only";
import { db, isSqlite, type Db } from "./client";

/**
 * SQLite answers SQLITE_BUSY at once, without waiting out its busy timeout, when a deferred
 * transaction's snapshot went stale because another process wrote first (several processes on
 * one file). The transaction was rolled back whole, so running it again is safe. Prisma reports
 * it as "Operation has timed out". PostgreSQL is never retried here: there a timeout can hide a
 * commit.
 */
export async function retryWhenBusy<T>(run: () => Promise<T>, client: Db = db(), attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isSqlite(client) || !isBusy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15 * attempt + Math.random() * 40));
    }
  }
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof Error && ((error as { code?: unknown }).code === "P1008" || /Operation has timed out|SQLITE_BUSY/.test(error.message))
  );
}
