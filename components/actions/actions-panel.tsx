"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { actionsQuery, outboxQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import type { ActionDecision } from "@/lib/api";
import { ActionRow } from "./action-row";

/** A thread's actions (with journals) and the messages its outbox holds. */
export function ActionsPanel({ threadId }: { threadId: string }) {
  const queryClient = useQueryClient();
  const actionsList = useQuery(actionsQuery(threadId));
  const outboxList = useQuery(outboxQuery(threadId));
  const resolve = useMutation({
    mutationFn: ({ key, decision }: { key: string; decision: ActionDecision }) => api.resolveAction(threadId, key, decision),
    // A decision changes the row (and, sent again, the outbox); a conflict means another tab decided: read both again either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.actions(threadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.outbox(threadId) }),
      ]),
  });

  const actions = actionsList.data;
  const outbox = outboxList.data ?? [];
  const failure = actionsList.error ?? outboxList.error;
  if (failure)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {readableError(failure)}
      </p>
    );
  if (!actions) return <p className="mt-3 text-sm text-neutral-500">Loading…</p>;
  return (
    <div data-testid="actions-panel" className="mt-3 max-h-[60vh] space-y-4 overflow-y-auto">
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-neutral-500">Actions</h3>
        {actions.length === 0 ? (
          <p className="text-sm text-neutral-500">No actions in this conversation yet.</p>
        ) : (
          <ul className="space-y-2">
            {actions.map((a) => (
              <ActionRow key={a.key} action={a} onDecide={async (decision) => void (await resolve.mutateAsync({ key: a.key, decision }))} />
            ))}
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
              <li key={m.messageId} data-testid="outbox-row" className="break-words">
                <span className="text-neutral-800">{m.to}</span> — {m.subject}{" "}
                <span className="text-neutral-600">
                  ({m.transport === "outbox" ? "kept in the local outbox: no mail server is configured" : "handed to the mail server"})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
