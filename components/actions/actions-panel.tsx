"use client";

import { useCallback, useEffect, useState } from "react";
import { ActionRow } from "./action-row";
import { actionsApi, type OutboxEntry, type ThreadAction } from "./actions-api";

/** A thread's actions (with journals) and the messages its outbox holds. */
export function ActionsPanel({ threadId }: { threadId: string }) {
  const [actions, setActions] = useState<ThreadAction[] | null>(null);
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [a, o] = await Promise.all([actionsApi.list(threadId), actionsApi.outbox(threadId)]);
      setActions(a);
      setOutbox(o);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [threadId]);

  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (key: string, decision: "mark_sent" | "send_again") => {
    await actionsApi.resolve(threadId, key, decision);
    await load();
  };

  if (error) return <p role="alert" className="mt-3 text-sm text-red-700">{error}</p>;
  if (!actions) return <p className="mt-3 text-sm text-neutral-500">Loading…</p>;
  return (
    <div data-testid="actions-panel" className="mt-3 max-h-[60vh] space-y-4 overflow-y-auto">
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-neutral-500">Actions</h3>
        {actions.length === 0 ? (
          <p className="text-sm text-neutral-500">No actions in this conversation yet.</p>
        ) : (
          <ul className="space-y-2">
            {actions.map((a) => <ActionRow key={a.key} action={a} onDecide={(d) => decide(a.key, d)} />)}
          </ul>
        )}
      </section>
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-neutral-500">Outbox</h3>
        {outbox.length === 0 ? (
          <p className="text-sm text-neutral-500">No messages.</p>
        ) : (
          <ul className="space-y-1 text-xs">
            {outbox.map((m) => (
              <li key={m.messageId} data-testid="outbox-row" className="truncate" title={m.messageId}>
                <span className="text-neutral-800">{m.to}</span> — {m.subject}{" "}
                <span className="font-mono text-neutral-400">({m.transport})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
