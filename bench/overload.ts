// Overload (issue 24): one client opens 200 long turns from 10 guests at once while another person
// reads their own thread on the same instance. Prints the other person's read latency (p50, p95)
// quiet and under load, the ratio, how the 200 sends were answered (200 streaming, 503/429 refused),
// and how many live replies were marked interrupted (on PostgreSQL, instance B sweeps while A is
// loaded). Bounded: 200 sends, 40 reads per phase, every accepted turn stopped at the end; traffic
// only to 127.0.0.1.
import pg from "pg";
import { buildOnce, freshPostgresUrl, freshSqliteUrl, startServers } from "../tests/e2e/support/app-server";
import { table } from "./support";

const TURNS = 200;
const GUESTS = 10;
const READS = 40;
const PORT = Number(process.env.BENCH_PORT ?? 3561) + 5;
const POSTGRES = process.env.TEST_DATABASE_URL ?? process.env.BENCH_POSTGRES_URL;

type Guest = { base: string; cookie: string };

async function guest(base: string): Promise<Guest & { threadId: string }> {
  const res = await fetch(`${base}/api/threads`, { method: "POST", headers: { origin: base } });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { base, cookie, threadId: ((await res.json()) as { id: string }).id };
}

async function newThread(g: Guest): Promise<string> {
  const res = await fetch(`${g.base}/api/threads`, { method: "POST", headers: { origin: g.base, cookie: g.cookie } });
  return ((await res.json()) as { id: string }).id;
}

/** Sends a message; returns the open response (its body streams until the turn ends) or the refusal status. */
async function send(g: Guest, threadId: string, text: string): Promise<{ status: number; body?: ReadableStream<Uint8Array> }> {
  const res = await fetch(`${g.base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: g.cookie, origin: g.base },
    body: JSON.stringify({ id: threadId, message: { role: "user", parts: [{ type: "text", text }] } }),
  });
  if (!res.ok) await res.text();
  return { status: res.status, body: res.ok ? (res.body ?? undefined) : undefined };
}

async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done);
  } catch {
    // a stream cut by the server's stop ends here too
  }
}

async function reads(g: Guest & { threadId: string }): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${g.base}/api/threads/${g.threadId}/messages?limit=50`, { headers: { cookie: g.cookie } });
    await res.text();
    times.push(performance.now() - t0);
  }
  return times;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function scenario(name: string, urls: string[], interrupted: () => Promise<number>) {
  const target = urls[0];
  const reader = await guest(target);
  await (await send(reader, reader.threadId, "hello")).body?.cancel();
  await new Promise((r) => setTimeout(r, 500));
  const quiet = await reads(reader);

  const guests = await Promise.all(Array.from({ length: GUESTS }, () => guest(target)));
  const threads = await Promise.all(
    Array.from({ length: TURNS }, (_, i) => newThread(guests[i % GUESTS]).then((id) => ({ g: guests[i % GUESTS], id }))),
  );
  const before = await interrupted();
  const sent = await Promise.all(threads.map(({ g, id }) => send(g, id, "long 1000")));
  const streaming = sent.filter((s) => s.status === 200);
  // Drain the accepted streams like browsers would, without waiting for them here.
  const drained = streaming.map((s) => drain(s.body!));
  await new Promise((r) => setTimeout(r, 2000));
  const loaded = await reads(reader);
  const marked = (await interrupted()) - before;
  // Bounded: stop every accepted turn, then wait for their streams to end.
  await Promise.all(
    threads.map(({ g, id }) =>
      fetch(`${g.base}/api/threads/${id}/turn/stop`, { method: "POST", headers: { origin: g.base, cookie: g.cookie } }),
    ),
  );
  await Promise.all(drained);
  const statuses = sent.reduce<Record<number, number>>((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});
  return {
    row: {
      scenario: name,
      quiet_p50_ms: pct(quiet, 50).toFixed(0),
      quiet_p95_ms: pct(quiet, 95).toFixed(0),
      loaded_p50_ms: pct(loaded, 50).toFixed(0),
      loaded_p95_ms: pct(loaded, 95).toFixed(0),
      p95_loaded_vs_quiet: (pct(loaded, 95) / pct(quiet, 95)).toFixed(2) + "x",
      sends: Object.entries(statuses)
        .map(([s, n]) => `${n}x${s}`)
        .join(" "),
      interrupted: String(marked),
    },
  };
}

export async function benchOverload(): Promise<string> {
  buildOnce();
  const rows: Array<Record<string, string>> = [];
  const env = { OFFLINE_DELAY_MS: "15" };

  const sqliteUrl = freshSqliteUrl("bench-overload");
  const sqlite = await startServers({ ports: [PORT], databaseUrl: sqliteUrl, env });
  try {
    const { default: Database } = await import("better-sqlite3");
    const interrupted = async () => {
      const conn = new Database(sqliteUrl.replace(/^file:/, ""), { readonly: true });
      try {
        return (conn.prepare("SELECT COUNT(*) AS n FROM Message WHERE status = 'interrupted'").get() as { n: number }).n;
      } finally {
        conn.close();
      }
    };
    rows.push((await scenario("sqlite x1", sqlite.urls, interrupted)).row);
  } finally {
    await sqlite.stop();
  }

  const out: string[] = [];
  if (POSTGRES) {
    const url = freshPostgresUrl(POSTGRES, "lrc_bench_overload");
    const servers = await startServers({ ports: [PORT + 1, PORT + 2], databaseUrl: url, env });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const interrupted = async () =>
        Number((await client.query(`SELECT COUNT(*) AS n FROM "Message" WHERE status = 'interrupted'`)).rows[0].n);
      rows.push((await scenario("postgres x2 (load on A, B sweeps)", servers.urls, interrupted)).row);
    } finally {
      await client.end();
      await servers.stop();
    }
  } else {
    out.push("PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)");
  }
  return [
    `${TURNS} long turns ("long 1000") from ${GUESTS} guests at once; another person's ${READS} reads quiet, then under load`,
    table(rows),
    ...out,
  ].join("\n");
}
