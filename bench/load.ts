// N concurrent chats on N threads against real app servers over HTTP: on SQLite with one
// instance, and on PostgreSQL with two instances sharing the database. Prints time to first byte,
// to first text and to the whole reply (p50, p95) and each against one chat alone in the same run.
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { buildOnce, freshPostgresUrl, freshSqliteUrl, startServers } from "../tests/e2e/support/app-server";
import { table } from "./support";

const CHATS = Number(process.env.BENCH_CHATS ?? 30);
const REPLY = process.env.BENCH_REPLY ?? "long 50";
// BENCH_PORT (SQLite), +1 and +2 (PostgreSQL): away from the e2e ports (E2E_PORT and its +10..+51).
const PORT = Number(process.env.BENCH_PORT ?? 3561);
// One chat alone, several times: the baseline every concurrent figure is divided by.
const SINGLES = Number(process.env.BENCH_SINGLES ?? 5);
const POSTGRES = process.env.TEST_DATABASE_URL ?? process.env.BENCH_POSTGRES_URL;

type ChatTiming = { firstByte: number; firstText: number; whole: number };

async function oneChat(base: string): Promise<ChatTiming> {
  const created = await fetch(`${base}/api/threads`, { method: "POST", headers: { origin: base } });
  const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0];
  const { id } = (await created.json()) as { id: string };
  const t0 = performance.now();
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: base },
    body: JSON.stringify({ id, message: { role: "user", parts: [{ type: "text", text: REPLY }] } }),
  });
  if (!res.ok || !res.body) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let firstByte = -1;
  let firstText = -1;
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (firstByte < 0) firstByte = performance.now() - t0;
    if (firstText < 0) {
      seen += decoder.decode(value, { stream: true });
      if (seen.includes('"type":"text-delta"')) firstText = performance.now() - t0;
    }
  }
  return { firstByte, firstText, whole: performance.now() - t0 };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function scenario(name: string, urls: string[], countMessages: () => Promise<number>) {
  // Warm-up, on every instance: first requests load the routes and open database connections.
  for (const url of urls) await oneChat(url);
  const singles: ChatTiming[] = [];
  for (let i = 0; i < SINGLES; i++) singles.push(await oneChat(urls[i % urls.length]));
  const p50 = (key: keyof ChatTiming) =>
    pct(
      singles.map((t) => t[key]),
      50,
    );
  const single = { firstByte: p50("firstByte"), firstText: p50("firstText"), whole: p50("whole") };
  const before = await countMessages();
  const timings = await Promise.all(Array.from({ length: CHATS }, (_, i) => oneChat(urls[i % urls.length])));
  await new Promise((r) => setTimeout(r, 500));
  const stored = (await countMessages()) - before;
  const row = (label: string, key: keyof ChatTiming) => ({
    scenario: name,
    measure: label,
    single_ms: single[key].toFixed(0),
    p50_ms: pct(
      timings.map((t) => t[key]),
      50,
    ).toFixed(0),
    p95_ms: pct(
      timings.map((t) => t[key]),
      95,
    ).toFixed(0),
    p50_vs_single:
      (
        pct(
          timings.map((t) => t[key]),
          50,
        ) / single[key]
      ).toFixed(2) + "x",
    p95_vs_single:
      (
        pct(
          timings.map((t) => t[key]),
          95,
        ) / single[key]
      ).toFixed(2) + "x",
  });
  return {
    rows: [row("first byte", "firstByte"), row("first text", "firstText"), row("whole reply", "whole")],
    sent: CHATS * 2,
    stored,
    firstTextP50: pct(
      timings.map((t) => t.firstText),
      50,
    ),
  };
}

export async function benchLoad(): Promise<string> {
  buildOnce();
  const out: string[] = [];
  const rows: Array<Record<string, string>> = [];

  // Names of this run alone (a shared server may hold another run's), removed afterwards.
  const runId = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const sqliteUrl = freshSqliteUrl(`bench-load-${runId}`);
  const sqlite = await startServers({ ports: [PORT], databaseUrl: sqliteUrl });
  let sqliteResult;
  try {
    const { default: Database } = await import("better-sqlite3");
    const count = async () => {
      const conn = new Database(sqliteUrl.replace(/^file:/, ""), { readonly: true });
      try {
        return (conn.prepare("SELECT COUNT(*) AS n FROM Message WHERE status != 'streaming'").get() as { n: number }).n;
      } finally {
        conn.close();
      }
    };
    sqliteResult = await scenario("sqlite x1", sqlite.urls, count);
  } finally {
    await sqlite.stop();
    for (const ext of ["", "-wal", "-shm"]) fs.rmSync(sqliteUrl.replace(/^file:/, "") + ext, { force: true });
  }
  rows.push(...sqliteResult.rows);
  out.push(`sqlite x1: messages sent ${sqliteResult.sent}, stored ${sqliteResult.stored}`);

  if (POSTGRES) {
    const name = `lrc_bench_load_${runId}`;
    const url = freshPostgresUrl(POSTGRES, name);
    const servers = await startServers({ ports: [PORT + 1, PORT + 2], databaseUrl: url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const count = async () => Number((await client.query(`SELECT COUNT(*) AS n FROM "Message" WHERE status != 'streaming'`)).rows[0].n);
      const pgResult = await scenario("postgres x2", servers.urls, count);
      rows.push(...pgResult.rows);
      out.push(`postgres x2: messages sent ${pgResult.sent}, stored ${pgResult.stored}`);
      out.push(`first text p50, postgres x2 against sqlite x1: ${(pgResult.firstTextP50 / sqliteResult.firstTextP50).toFixed(2)}x`);
    } finally {
      await client.end();
      await servers.stop();
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  } else {
    out.push("PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)");
  }
  return [
    `${CHATS} concurrent chats, each "${REPLY}"; single_ms is the median of ${SINGLES} chats alone, same servers, same run`,
    table(rows),
    ...out,
  ].join("\n");
}
