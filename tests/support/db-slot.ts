import type { Db } from "@/lib/db/client";

/*
 * Points this process's database client at a test database (undefined: back to DATABASE_URL's).
 * lib/db/client.ts keeps the process's one client on globalThis.__db so that all of Next's chunks
 * share it; a test puts its own there rather than the app exporting a setter for tests.
 */
export function pointDbAt(client: Db | undefined): void {
  (globalThis as { __db?: Db }).__db = client;
}
