import type { MoveGuestWorkResponse } from "@/lib/api";
import { ApiError } from "./api-error";

// The few better-auth endpoints the account page uses (same origin, JSON), and the move of a
// guest's work. better-auth answers errors as {message, code}, ours as {error: {code, message}};
// both become the same ApiError as every other route's.

export type SessionInfo = {
  id: string;
  token: string;
  createdAt: string;
  updatedAt?: string;
  userAgent?: string | null;
  ipAddress?: string | null;
};
export type Me = { user: { id: string; email: string; emailVerified: boolean }; session: SessionInfo } | null;

async function call<T>(path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path.startsWith("/api/") ? path : `/api/auth${path}`, {
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
  /** The server always points the link at /account/reset (lib/auth/auth-body.ts). */
  requestReset: (email: string) => call("/request-password-reset", { email }),
  /** Sets the new password and signs this browser in. */
  resetPassword: (token: string, newPassword: string) => call("/reset-password", { token, newPassword }),
  /** Signs out every other session (the server insists). */
  changePassword: (currentPassword: string, newPassword: string) => call("/change-password", { currentPassword, newPassword }),
  deleteAccount: (password: string) => call("/delete-user", { password }),
  /** Ours, not better-auth's: this browser's guest work moves into the signed-in account. */
  moveGuestWork: () => call<MoveGuestWorkResponse>("/api/account/guest-work/move", {}),
};
