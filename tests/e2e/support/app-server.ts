// App servers of our own, for tests that kill and restart a server and for the load benchmark:
// the production build started as `npm start` would, on a fresh SQLite file or on a fresh
// PostgreSQL database shared by several instances. Each runs in its own process group, so a
// SIGKILL reaches the Next server itself, as a crash would.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** `pids`: each server's process (`scripts/start.mjs`, which becomes `scripts/serve.mjs`; its process group's leader). */
export type Servers = { urls: string[]; pids: number[]; stop: () => Promise<void>; kill: () => Promise<void> };

async function waitUp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/model`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server ${url} did not start`);
}

export function buildOnce(): void {
  execFileSync(process.execPath, ["scripts/start.mjs", "--build-only"], { stdio: "inherit" });
}

/** A port another process still holds would answer for our server: refuse to start instead. */
async function assertFree(host: string, port: number): Promise<void> {
  const taken = await fetch(`http://${host}:${port}/api/model`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use by another server`);
}

/**
 * Starts `npm start` on each port, listening on `host` (HOSTNAME; 127.0.0.1 unless `env` says
 * otherwise: a HOSTNAME the machine exports, as Docker does, must not move the test servers).
 */
export async function startServers(opts: {
  ports: number[];
  databaseUrl: string;
  env?: Record<string, string>;
  host?: string;
}): Promise<Servers> {
  const host = opts.host ?? "127.0.0.1";
  for (const port of opts.ports) await assertFree(host, port);
  const children = opts.ports.map((port) =>
    spawn(process.execPath, ["scripts/start.mjs"], {
      env: {
        ...process.env,
        HOSTNAME: host,
        ...opts.env,
        PORT: String(port),
        DATABASE_URL: opts.databaseUrl,
        DATA_DIR: `./test-data/bench-${port}`,
      },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    }),
  );
  const exited = children.map((c) => new Promise((r) => c.once("exit", r)));
  const signalAll = async (signal: NodeJS.Signals) => {
    for (const c of children) {
      try {
        process.kill(-c.pid!, signal);
      } catch {
        // already gone
      }
    }
    await Promise.all(exited);
  };
  const urls = opts.ports.map((p) => `http://${host}:${p}`);
  try {
    await Promise.all(urls.map((u, i) => waitUp(u, children[i])));
  } catch (error) {
    // Never leave a half-started server behind: it would hold the port for the next run.
    await signalAll("SIGKILL");
    throw error;
  }
  return {
    urls,
    pids: children.map((c) => c.pid!),
    stop: () => signalAll("SIGTERM"),
    kill: () => signalAll("SIGKILL"),
  };
}

export function freshSqliteUrl(name: string): string {
  const file = `./test-data/${name}.db`;
  fs.mkdirSync("./test-data", { recursive: true });
  for (const ext of ["", "-wal", "-shm"]) fs.rmSync(file + ext, { force: true });
  return `file:${file}`;
}

export function freshPostgresUrl(serverUrl: string, name: string): string {
  return execFileSync(process.execPath, ["scripts/e2e-postgres-db.mjs", serverUrl, name], { encoding: "utf8" }).trim().split("\n").pop()!;
}
