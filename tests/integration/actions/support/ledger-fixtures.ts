import type { Db } from "@/lib/db/client";
import type { ActionSpec } from "@/lib/actions/types";

/** Well past LEASE_DEAD_AFTER_MS (three 5 s heartbeats by default). */
export const LEASE_MS = 60_000;
/** A sweep "later": every holder's last heartbeat before now reads as dead. */
export const later = (ms = LEASE_MS + 1_000) => new Date(Date.now() + ms);

export function emailSpec(userId: string, key: string, to = "me@example.com", extra: Partial<ActionSpec> = {}): ActionSpec {
  return {
    scope: "thread:t1",
    key,
    type: "send_email",
    userId,
    threadId: "t1",
    runId: null,
    stepId: null,
    request: { from: "agent@example.com", to, subject: "Digest", body: "Hello" },
    ...extra,
  };
}

export async function rowOf(db: Db, key: string) {
  return db.actionLedger.findUniqueOrThrow({ where: { scope_key: { scope: "thread:t1", key } } });
}

export async function journalTypes(db: Db, key: string): Promise<string[]> {
  const row = await rowOf(db, key);
  const events = await db.actionEvent.findMany({ where: { actionId: row.id }, orderBy: { seq: "asc" } });
  return events.map((e) => e.type);
}
