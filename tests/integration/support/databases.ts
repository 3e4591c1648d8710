import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { deployMigrations } from "../../../scripts/migrations.mjs";
import { type Db } from "@/lib/db/client";
import { openDb, pointDbAt } from "../../support/db-slot";

export type TestDatabase = { name: "sqlite" | "postgres"; url: string };

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "sqlite", url: "" }];
  if (process.env.TEST_DATABASE_URL) list.push({ name: "postgres", url: process.env.TEST_DATABASE_URL });
  return list;
}

export type Provisioned = { db: Db; url: string; drop: () => Promise<void> };

/**
 * A fresh, migrated database per test file: a new SQLite file, or a new PostgreSQL database on the
 * server, dropped afterwards. The app's db() points at it while the file runs.
 */
export async function provision(target: TestDatabase, prefix = "lrc_it"): Promise<Provisioned> {
  const suffix = crypto.randomBytes(6).toString("hex");
  if (target.name === "sqlite") {
    const file = path.resolve("test-data", `${prefix.replace(/_/g, "-")}-${suffix}.db`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const url = `file:${file}`;
    await deployMigrations(url);
    const db = openDb(url);
    pointDbAt(db);
    return {
      db,
      url,
      drop: async () => {
        await db.$disconnect();
        for (const ext of ["", "-wal", "-shm"]) fs.rmSync(file + ext, { force: true });
      },
    };
  }
  const name = `${prefix}_${suffix}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(target.url);
  u.pathname = `/${name}`;
  const url = u.toString();
  await deployMigrations(url);
  const db = openDb(url);
  pointDbAt(db);
  return {
    db,
    url,
    drop: async () => {
      await db.$disconnect();
      const again = new pg.Client({ connectionString: target.url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}
