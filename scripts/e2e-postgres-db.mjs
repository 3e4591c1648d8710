#!/usr/bin/env node
// Recreates one PostgreSQL database for the e2e servers and migrates it, so several app instances
// can start on it at once. Usage: e2e-postgres-db.mjs <server url> <database name>; prints the URL.
import pg from "pg";
import { deployMigrations } from "./migrations.mjs";

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !/^[a-z0-9_]+$/.test(name ?? "")) throw new Error("usage: e2e-postgres-db.mjs <server url> <database name>");
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
await deployMigrations(url.toString());
console.log(url.toString());
process.exit(0);
