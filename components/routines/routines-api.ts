import { ApiError } from "@/components/api/api-error";
import type { Routine, RoutineInput, RoutineRun, TranscriptMessage } from "./types";

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: init?.body ? { "content-type": "application/json" } : undefined });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0, "network");
  }
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as (T & { error?: { code?: string; message?: string } }) | null;
  if (!res.ok) throw new ApiError(body?.error?.message ?? `The server answered ${res.status}.`, res.status, body?.error?.code ?? "http");
  return body as T;
}

const path = (id: string) => `/api/routines/${encodeURIComponent(id)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const routinesApi = {
  list: () => call<{ routines: Routine[] }>("/api/routines").then((r) => r.routines),
  get: (id: string) => call<{ routine: Routine }>(path(id)).then((r) => r.routine),
  create: (input: RoutineInput) => call<{ id: string; routine: Routine }>("/api/routines", json("POST", input)).then((r) => r.routine),
  update: (id: string, patch: Partial<RoutineInput>) => call<{ routine: Routine }>(path(id), json("PATCH", patch)).then((r) => r.routine),
  remove: (id: string) => call<void>(path(id), { method: "DELETE" }),
  runNow: (id: string) => call<{ runId: string }>(`${path(id)}/run`, { method: "POST" }),
  runs: (id: string) => call<{ runs: RoutineRun[] }>(`${path(id)}/runs`).then((r) => r.runs),
  /** The newest `limit` messages of the routine's thread, oldest first. */
  transcript: (threadId: string, limit: number) =>
    call<{ messages: TranscriptMessage[] }>(`/api/threads/${encodeURIComponent(threadId)}/messages?limit=${limit}`).then((r) => r.messages),
  /** A person's reply in the routine's thread: an ordinary chat turn, read to its end. */
  reply: async (threadId: string, text: string) => {
    const res = await fetch("/api/chat", { ...json("POST", { id: threadId, message: { role: "user", parts: [{ type: "text", text }] } }), headers: { "content-type": "application/json" } });
    const body = await res.text();
    if (!res.ok) throw new ApiError(body.slice(0, 300) || `The server answered ${res.status}.`, res.status, "http");
  },
};

/** Routines in the sidebar and on the routine page refresh each other through this event. */
export const ROUTINES_CHANGED = "routines-changed";
export const announceRoutinesChanged = () => window.dispatchEvent(new Event(ROUTINES_CHANGED));
