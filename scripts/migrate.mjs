#!/usr/bin/env node
// npm run db:migrate            -> apply pending migrations to DATABASE_URL (default ./data/app.db)
// npm run db:migrate:create X   -> write a new migration for BOTH providers (PostgreSQL needs a
//                                  server: MIGRATE_POSTGRES_URL, default postgresql://127.0.0.1:5432/test)
// npm run db:migrate:status     -> migration history of DATABASE_URL
import os from "node:os";
import path from "node:path";
import { createMigration, deployMigrations, migrationStatus } from "./migrations.mjs";

const [cmd, name] = process.argv.slice(2);
const url = process.env.DATABASE_URL ?? "file:./data/app.db";

if (cmd === "deploy") {
  const applied = await deployMigrations(url);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "No pending migrations.");
} else if (cmd === "status") {
  console.log(JSON.stringify(await migrationStatus(url), null, 2));
} else if (cmd === "create") {
  if (!name) throw new Error("usage: migrate.mjs create <name>");
  const sqliteUrl = `file:${path.join(os.tmpdir(), `migrate-${process.pid}.db`)}`;
  const pgUrl = process.env.MIGRATE_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
  for (const u of [sqliteUrl, pgUrl]) {
    const dir = await createMigration(u, name);
    console.log(dir ? `Created ${path.relative(process.cwd(), dir)}/migration.sql` : "No schema changes.");
  }
} else {
  console.error("usage: migrate.mjs deploy | status | create <name>");
  process.exit(2);
}
process.exit(0);
