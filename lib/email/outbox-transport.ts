import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import type { ActionProvider, ProviderCall, ProviderResult } from "@/lib/actions/types";
import { messageIdFor } from "./message-id";
import { outboxRowData, prepareEmail } from "./outbox-row";

/*
 * The default transport: messages land in the OutboxMessage table and are shown in the UI.
 * Honest capabilities: the unique index on Message-ID makes it deduplicate by provider key for
 * ever (a repeat returns the stored message instead of a second row), and it can be looked up by
 * Message-ID. So an unknown outbox send is always reconciled by replay, never by a person.
 */

function resultOf(row: { messageId: string; createdAt: Date }, deduplicated: boolean): ProviderResult {
  return {
    resultId: row.messageId,
    result: { transport: "outbox", messageId: row.messageId, storedAt: row.createdAt.toISOString() },
    deduplicated,
  };
}

export function createOutboxTransport(): ActionProvider {
  return {
    name: "outbox",
    dedupPeriodMs: Infinity,
    referenceFor: messageIdFor,
    async execute(request: unknown, call: ProviderCall) {
      const prepared = prepareEmail(request, call);
      const { messageId } = prepared;
      try {
        const row = await db().outboxMessage.create({
          data: outboxRowData(prepared, call, "outbox"),
        });
        return resultOf(row, false);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const existing = await db().outboxMessage.findUnique({ where: { messageId } });
        if (!existing) throw err;
        return resultOf(existing, true);
      }
    },
    async lookup(providerRef: string) {
      const row = await db().outboxMessage.findUnique({ where: { messageId: providerRef } });
      return row ? resultOf(row, true) : null;
    },
  };
}
