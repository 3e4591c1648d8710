// The few calls "Continue in a new chat" needs, kept apart from the chat's API client.

export type ResumeDraft = { goal: string; planFiles: string[]; message: string };
export type WorkspaceThread = { id: string; title: string; createdAt: string };

const threadPath = (id: string) => `/api/threads/${encodeURIComponent(id)}`;

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok) throw new Error(body?.error?.message ?? `The server answered ${res.status}.`);
  return body as T;
}

export const resumeApi = {
  draft: (threadId: string) => fetch(`${threadPath(threadId)}/resume`).then((r) => json<ResumeDraft>(r)),
  workspaceThreads: (threadId: string) =>
    fetch(`${threadPath(threadId)}/workspace-threads`).then((r) => json<{ threads: WorkspaceThread[] }>(r)).then((r) => r.threads),
  /** A new thread on the same workspace and action scope; its first turn starts with `text`. */
  async continueIn(threadId: string, text: string): Promise<string> {
    const created = await fetch("/api/threads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ workspaceOf: threadId }),
    }).then((r) => json<{ id: string }>(r));
    const res = await fetch("/api/chat", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: created.id, message: { role: "user", parts: [{ type: "text", text }] } }),
    });
    if (!res.ok) await json(res);
    // The reply is stored whether or not anyone reads this stream, but the chat page only shows a
    // reply it streams itself or one that has settled (without Redis): wait for the first turn.
    await res.text().catch(() => undefined);
    return created.id;
  },
};
