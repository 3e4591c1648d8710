import crypto from "node:crypto";
import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db, type Db, type Tx } from "@/lib/db/client";
import { publishActionChange } from "@/lib/events/publish";
import { TX_OPTIONS } from "@/lib/workspace/write-tx";
import { reachedStep } from "./ledger-steps";
import { canonicalJson, providerKeyFor, requestHash } from "./keys";
import type { ActionSpec, ActionStatus } from "./types";

/*
 * The ledger's database statements. Every change to a row is ONE compare-and-set on
 * (id, status, leaseHolder) in the same transaction as its journal event; an update that matches
 * no row means someone else owns the row now, and nothing is overwritten. The claim is an
 * INSERT … ON CONFLICT DO NOTHING followed by a read (never Prisma upsert, which selects first
 * and races), committed before the provider is called. Each transaction runs again when SQLite
 * refuses it as busy (several processes on one file): it was rolled back whole, and its
 * compare-and-set decides afresh.
 */

export type LedgerRow = NonNullable<Awaited<ReturnType<Db["actionLedger"]["findUnique"]>>>;

export type JournalEvent = { type: string; payload?: Record<string, unknown>; actor: string };

export function newLeaseToken(): string {
  return crypto.randomBytes(12).toString("hex");
}

export async function readAction(scope: string, key: string): Promise<LedgerRow | null> {
  return db().actionLedger.findUnique({ where: { scope_key: { scope, key } } });
}

export type Claim = { row: LedgerRow; owned: boolean; token: string };

/**
 * Inserts the row as `started` with our lease, or as a terminal refusal when `refusal` is given.
 * `owned` is true only for the caller whose INSERT created the row.
 */
export async function claimAction(
  spec: ActionSpec,
  providerName: string,
  providerRef: (providerKey: string) => string | null,
  opts: { now?: Date; refusal?: { code: string; message: string } } = {},
): Promise<Claim> {
  const now = opts.now ?? new Date();
  const id = crypto.randomUUID();
  const token = newLeaseToken();
  const providerKey = providerKeyFor(spec.scope, spec.key);
  const refusal = opts.refusal ?? null;
  const status: ActionStatus = refusal ? "failed_permanent" : "started";
  const leaseHolder = refusal ? null : token;
  const leaseHeartbeatAt = refusal ? null : now;
  const inserted = await retryWhenBusy(() =>
    db().$transaction(async (tx) => {
      const n = await tx.$executeRaw`
      INSERT INTO "ActionLedger" ("id", "scope", "key", "userId", "threadId", "type", "provider", "request", "requestHash",
        "status", "attempt", "leaseHolder", "leaseHeartbeatAt", "sentAttempt", "providerKey", "providerRef", "errorCode",
        "runId", "stepId", "eventSeq", "createdAt", "updatedAt")
      VALUES (${id}, ${spec.scope}, ${spec.key}, ${spec.userId}, ${spec.threadId}, ${spec.type}, ${providerName},
        ${canonicalJson(spec.request)}, ${requestHash(spec.request)}, ${status}, 1, ${leaseHolder}, ${leaseHeartbeatAt}, 0,
        ${providerKey}, ${providerRef(providerKey)}, ${refusal?.code ?? null}, ${spec.runId}, ${spec.stepId}, 1, ${now}, ${now})
      ON CONFLICT ("scope", "key") DO NOTHING`;
      if (n === 1) {
        const event = refusal ? { type: "refused", payload: refusal } : { type: "claimed", payload: { attempt: 1, providerKey } };
        await tx.actionEvent.create({
          data: { actionId: id, seq: 1, type: event.type, payload: JSON.stringify(event.payload), actor: "worker", createdAt: now },
        });
      }
      return n === 1;
    }, TX_OPTIONS),
  );
  const row = await readAction(spec.scope, spec.key);
  if (!row) throw new Error(`ledger row ${spec.scope}/${spec.key} vanished after its claim`);
  if (inserted) void publishActionChange(row.id);
  if (inserted && !refusal) await reachedStep("after_claim");
  return { row, owned: inserted && !refusal, token };
}

/** The fencing condition: the row is still in `status` and still held by `leaseHolder`. */
export type Fence = { id: string; status: ActionStatus; leaseHolder: string | null };

type RowChange = Parameters<Db["actionLedger"]["updateMany"]>[0]["data"];

async function appendInTx(tx: Tx, actionId: string, event: JournalEvent, now: Date): Promise<void> {
  const { eventSeq } = await tx.actionLedger.update({
    where: { id: actionId },
    data: { eventSeq: { increment: 1 } },
    select: { eventSeq: true },
  });
  await tx.actionEvent.create({
    data: { actionId, seq: eventSeq, type: event.type, payload: JSON.stringify(event.payload ?? {}), actor: event.actor, createdAt: now },
  });
}

/**
 * Compare-and-set plus its journal event, in one transaction. `outcome` marks a recorded
 * outcome, whose steps (after the update, after the commit) a crash may end at (ledger-steps.ts).
 */
export async function transition(
  fence: Fence,
  change: RowChange,
  event: JournalEvent,
  opts: { outcome?: boolean; now?: Date } = {},
): Promise<boolean> {
  const now = opts.now ?? new Date();
  const ok = await retryWhenBusy(() =>
    db().$transaction(async (tx) => {
      const { count } = await tx.actionLedger.updateMany({
        where: { id: fence.id, status: fence.status, leaseHolder: fence.leaseHolder },
        data: { ...change, updatedAt: now },
      });
      if (count === 0) return false;
      if (opts.outcome) await reachedStep("after_outcome");
      await appendInTx(tx, fence.id, event, now);
      return true;
    }, TX_OPTIONS),
  );
  if (ok) void publishActionChange(fence.id);
  if (ok && opts.outcome) await reachedStep("after_journal");
  return ok;
}

/** Journal an event on a row we do not own (a refusal, a late completion); the row is unchanged. */
export async function appendEvent(actionId: string, event: JournalEvent): Promise<void> {
  await retryWhenBusy(() => db().$transaction((tx) => appendInTx(tx, actionId, event, new Date()), TX_OPTIONS));
}

/**
 * Marks the current attempt as handed to the provider, right before the call. If this fails
 * (the lease was lost), the provider is not called. A row whose `sentAttempt` is below its
 * `attempt` provably never reached the provider for that attempt.
 */
export async function markRequested(fence: Fence, row: LedgerRow, actor: string): Promise<boolean> {
  const now = new Date();
  // A replay of the same attempt keeps the first request time: the provider's dedup period counts from it.
  const change = row.sentAttempt === row.attempt ? { sentAttempt: row.attempt } : { sentAttempt: row.attempt, sentAt: now };
  const ok = await transition(fence, change, { type: "request", payload: { attempt: row.attempt }, actor }, { now });
  if (ok) await reachedStep("after_request");
  return ok;
}

export async function loadJournal(actionIds: string[]) {
  if (actionIds.length === 0) return [];
  return db().actionEvent.findMany({ where: { actionId: { in: actionIds } }, orderBy: [{ actionId: "asc" }, { seq: "asc" }] });
}
