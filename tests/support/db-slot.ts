import { db, type Db } from "@/lib/db/client";
import { resetConfigForTests } from "./config";

/*
 * lib/db/client.ts keeps the process's one client on globalThis.__db so that all of Next's chunks
 * share it; a test puts its own there rather than the app exporting a setter for tests, and opens
 * its clients through the same db() the app opens its own with.
 */

/** Points this process's database client at a test database (undefined: back to DATABASE_URL's). */
export function pointDbAt(client: Db | undefined): void {
  (globalThis as { __db?: Db }).__db = client;
}

/**
 * A new client on `url`, opened as the app opens its own: db() with DATABASE_URL=url (the adapter,
 * the pool settings, SQLite's WAL and busy timeout). The slot and the environment stay as they were.
 */
export function openDb(url: string): Db {
  const slot = globalThis as { __db?: Db };
  const held = slot.__db;
  const heldUrl = process.env.DATABASE_URL;
  slot.__db = undefined;
  process.env.DATABASE_URL = url;
  resetConfigForTests();
  try {
    return db();
  } finally {
    slot.__db = held;
    if (heldUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = heldUrl;
    resetConfigForTests();
  }
}
