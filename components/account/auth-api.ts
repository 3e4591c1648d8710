// The few better-auth endpoints the account page uses, over plain fetch (same origin, JSON).

export type SessionInfo = { id: string; token: string; createdAt: string; userAgent?: string | null; ipAddress?: string | null };
export type Me = { user: { id: string; email: string; emailVerified: boolean }; session: SessionInfo } | null;

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/auth${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const message = data?.message ?? data?.error?.message ?? `The server answered ${res.status}.`;
    throw new Error(message);
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
