import { ApiError } from "./api-error";

// The few better-auth endpoints the account page uses (same origin, JSON). better-auth answers
// errors as {message, code}; they become the same ApiError as every other route's.

export type SessionInfo = { id: string; token: string; createdAt: string; userAgent?: string | null; ipAddress?: string | null };
export type Me = { user: { id: string; email: string; emailVerified: boolean }; session: SessionInfo } | null;

async function call<T>(path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw ApiError.unreachable();
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    if (typeof data?.message === "string") throw new ApiError(data.message, res.status, typeof data.code === "string" ? data.code : "auth");
    throw ApiError.fromBody(res.status, res.statusText, data);
  }
  return data as T;
}

export const authApi = {
  me: () => call<Me>("/get-session"),
  saveWork: (email: string, password: string) => call("/sign-up/email", { email, password, name: email.split("@")[0] }),
  signIn: (email: string, password: string) => call("/sign-in/email", { email, password }),
  signOut: () => call("/sign-out", {}),
  sessions: () => call<SessionInfo[]>("/list-sessions"),
  revoke: (token: string) => call("/revoke-session", { token }),
};
