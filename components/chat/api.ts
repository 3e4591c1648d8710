import type { MessagePage, ModelInfo, StoredMessage, ThreadSummary } from "./types";

/** An HTTP error from our API, carrying the server's readable message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type ErrorBody = { error?: { code?: string; message?: string } };

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      headers: init?.body ? { "content-type": "application/json", ...init.headers } : init?.headers,
    });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0, "network");
  }
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as (T & ErrorBody) | null;
  if (!res.ok) {
    const message = body?.error?.message ?? `The server answered ${res.status} ${res.statusText}.`;
    throw new ApiError(message, res.status, body?.error?.code ?? "http");
  }
  return body as T;
}

const threadPath = (id: string) => `/api/threads/${encodeURIComponent(id)}`;

export const api = {
  listThreads: () => request<{ threads: ThreadSummary[] }>("/api/threads").then((r) => r.threads),
  createThread: () => request<{ id: string; thread: ThreadSummary }>("/api/threads", { method: "POST" }).then((r) => r.thread),
  getThread: (id: string) => request<{ thread: ThreadSummary }>(threadPath(id)).then((r) => r.thread),
  renameThread: (id: string, title: string) =>
    request<{ thread: ThreadSummary }>(threadPath(id), { method: "PATCH", body: JSON.stringify({ title }) }).then((r) => r.thread),
  deleteThread: (id: string) => request<void>(threadPath(id), { method: "DELETE" }),
  messagePage: (id: string, opts: { before?: string | null; limit: number }) => {
    const query = new URLSearchParams({ limit: String(opts.limit) });
    if (opts.before) query.set("before", opts.before);
    return request<MessagePage>(`${threadPath(id)}/messages?${query}`);
  },
  /** The edit becomes a new message (new id); the old one and everything after it are gone. */
  editMessage: (id: string, messageId: string, text: string) =>
    request<{ message: StoredMessage }>(`${threadPath(id)}/messages/${encodeURIComponent(messageId)}`, {
      method: "PATCH",
      body: JSON.stringify({ text }),
    }).then((r) => r.message),
  /** Stops the thread's running turn wherever it runs (closing the stream alone does not). */
  stopTurn: (id: string) => request<{ stopped: boolean }>(`${threadPath(id)}/turn/stop`, { method: "POST" }),
  model: () => request<ModelInfo>("/api/model"),
};

/**
 * The chat transport throws an Error whose message is the raw response body; turn our JSON error
 * shape back into its sentence so people never see braces.
 */
export function readableError(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  try {
    const parsed = JSON.parse(raw) as ErrorBody;
    if (parsed?.error?.message) return parsed.error.message;
  } catch {
    // not JSON: already a sentence
  }
  if (/failed to fetch|networkerror|load failed/i.test(raw)) return "Could not reach the server. Check your connection and try again.";
  return raw || "Something went wrong.";
}
