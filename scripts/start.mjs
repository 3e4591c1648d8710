#!/usr/bin/env node
// `npm start`: apply pending migrations, build when the build is missing or older than the
// sources, then serve on PORT (default 3000). `--dev` runs `next dev` instead of building;
// `--build-only` builds when needed and exits (the e2e setup builds once for several servers).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { addCompileHints } from "./compile-hints.mjs";
import { useNativeConfigLoader } from "./config-loader.mjs";
import { deployMigrations } from "./migrations.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
const buildOnly = process.argv.includes("--build-only");
const port = process.env.PORT ?? "3000";
const url = process.env.DATABASE_URL ?? "file:./data/app.db";
const distDir = process.env.NEXT_DIST_DIR || ".next";
const nextBin = path.join(root, "node_modules/.bin/next");

// Node 22 LTS is the runtime package.json declares and CI tests; an older Node still runs the app.
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 22) {
  console.warn(`Warning: Node ${process.versions.node} is older than the Node 22 LTS this app is tested on; it starts, but upgrade.`);
}
// The build (a child of this process) and the server (this process, replaced) inherit the setting.
useNativeConfigLoader();

if (!fs.existsSync(path.join(root, "lib/db/generated/sqlite/client.ts"))) {
  spawnSync(process.execPath, ["scripts/db-generate.mjs"], { stdio: "inherit" });
}

if (!buildOnly) {
  const applied = await deployMigrations(url);
  console.log(applied.length ? `Database migrated: ${applied.join(", ")}` : "Database is up to date.");
}

/** A hash of everything the build reads, so a changed checkout rebuilds and an unchanged one does not. */
function sourceHash() {
  const hash = crypto.createHash("sha256");
  const skip = new Set([
    "node_modules",
    ".next",
    ".next-e2e",
    "data",
    "test-data",
    "tests",
    "bench",
    ".git",
    "generated",
    "test-results",
    "playwright-report",
  ]);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (skip.has(entry.name) || entry.name.startsWith(".next")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|mjs|css|json|prisma)$/.test(entry.name)) hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(root);
  return hash.digest("hex");
}

if (!dev) {
  const stamp = path.join(root, distDir, "SOURCE_HASH");
  const current = sourceHash();
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
  if (built !== current || !fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    console.log("Building the app (first start or changed sources)...");
    const r = spawnSync(nextBin, ["build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) process.exit(r.status ?? 1);
    addCompileHints(path.join(root, distDir));
    // Hashed again after the build: `next build` itself may touch next-env.d.ts and tsconfig.json.
    fs.writeFileSync(stamp, sourceHash());
  }
}

if (buildOnly) process.exit(0);

// Our own server in front of Next (scripts/serve.mjs): it answers what Next would answer badly (malformed
// URLs, bodies and server-action requests, slow clients) with JSON errors, and listens on HOSTNAME.
// This process becomes that server, so `npm start` leaves one process: a launcher waiting beside
// it held about 100 MB (the migration engine's WebAssembly among it) for the server's whole life.
// Replaced rather than imported where Node can (execve, Node 22.15+ on POSIX), so the server starts
// with none of the launcher's memory; elsewhere it runs in this same process.
const serverArgs = [path.join(root, "scripts/serve.mjs"), ...(dev ? ["--dev"] : [])];
const serverEnv = { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: "1" };
if (typeof process.execve === "function") {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...serverArgs], serverEnv);
}
Object.assign(process.env, serverEnv);
await import("./serve.mjs");
