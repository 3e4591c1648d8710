// What the ledger costs: one email through performAction (claim + request mark + outcome, each
// with its journal event) against the same transport called bare, in the same run, per action.
// Transports: the local outbox (a database insert) and SMTP to a local smtp-server. Also the
// answer to a repeated key (the deduplicated path), which sends nothing.
import { provision, type TestDatabase } from "../tests/integration/support/databases";
import { startSmtpSink } from "../tests/integration/actions/support/smtp-sink";
import { performAction } from "@/lib/actions/perform";
import { providerKeyFor } from "@/lib/actions/keys";
import type { ActionProvider } from "@/lib/actions/types";
import { createOutboxTransport } from "@/lib/email/outbox-transport";
import { messageIdFor } from "@/lib/email/message-id";
import { createSmtpTransport } from "@/lib/email/smtp-transport";
import { table, timedRuns } from "./support";

const RUNS = Number(process.env.BENCH_ACTION_RUNS ?? 100);
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 3665);

async function perAction(runs: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const times = (await timedRuns(runs, fn, 5)).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function measure(target: TestDatabase, label: string, transport: ActionProvider, userId: string) {
  const run = `${label}-${Date.now()}`;
  const request = (i: number) => ({ from: "agent@example.com", to: "me@example.com", subject: `Bench ${i}`, body: "Hello **there**." });
  const call = (key: string) => {
    const providerKey = providerKeyFor("bench", key);
    return { providerKey, providerRef: messageIdFor(providerKey), scope: "bench", key, userId, threadId: null };
  };
  const spec = (key: string, i: number) => ({
    scope: "bench",
    key,
    type: "send_email",
    userId,
    threadId: null,
    runId: null,
    stepId: null,
    request: request(i),
  });
  const bare = await perAction(RUNS, (i) => transport.execute(request(i), call(`${run}:bare:${i}`)));
  const ledger = await perAction(RUNS, (i) => performAction(spec(`${run}:ledger:${i}`, i), transport));
  const repeat = await perAction(RUNS, () => performAction(spec(`${run}:ledger:0`, 0), transport));
  return {
    database: target.name,
    transport: label,
    "bare send ms": bare.toFixed(2),
    "through ledger ms": ledger.toFixed(2),
    "overhead ms": (ledger - bare).toFixed(2),
    "ledger/bare": (ledger / bare).toFixed(2),
    "repeat key ms": repeat.toFixed(2),
    "repeat/bare": (repeat / bare).toFixed(2),
  };
}

export async function benchActions(): Promise<string> {
  const targets: TestDatabase[] = [{ name: "sqlite", url: "" }];
  if (process.env.TEST_DATABASE_URL) targets.push({ name: "postgres", url: process.env.TEST_DATABASE_URL });
  const sink = await startSmtpSink(SMTP_PORT);
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const target of targets) {
      const env = await provision(target);
      try {
        const userId = (await env.db.user.create({ data: {} })).id;
        rows.push(await measure(target, "outbox", createOutboxTransport(), userId));
        rows.push(await measure(target, "smtp", createSmtpTransport(sink.url), userId));
      } finally {
        await env.drop();
      }
    }
  } finally {
    await sink.close();
  }
  return `${table(rows)}\n(median per action over ${RUNS} sequential actions; repeat = same key again, nothing sent)`;
}
