// The actions API as the browser sees it.

export type ActionJournalEntry = { seq: number; type: string; actor: string; payload: Record<string, unknown>; at: string };

export type ThreadAction = {
  key: string;
  type: string;
  provider: string;
  status: string;
  attempt: number;
  resultId: string | null;
  errorCode: string | null;
  learnedBy: string | null;
  request: { to?: string; subject?: string; body?: string };
  createdAt: string;
  journal: ActionJournalEntry[];
};

export type OutboxEntry = { messageId: string; transport: string; to: string; subject: string; key: string; createdAt: string };

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok) throw new Error(body?.error?.message ?? `The server answered ${res.status}.`);
  return body as T;
}

export const actionsApi = {
  list: (threadId: string) =>
    fetch(`/api/threads/${encodeURIComponent(threadId)}/actions`).then((r) => json<{ actions: ThreadAction[] }>(r)).then((r) => r.actions),
  outbox: (threadId: string) =>
    fetch(`/api/outbox?threadId=${encodeURIComponent(threadId)}`).then((r) => json<{ messages: OutboxEntry[] }>(r)).then((r) => r.messages),
  resolve: (threadId: string, key: string, decision: "mark_sent" | "send_again") =>
    fetch(`/api/threads/${encodeURIComponent(threadId)}/actions/${encodeURIComponent(key)}/resolve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ decision }),
    }).then((r) => json<{ outcome: { state: string } }>(r)),
};
