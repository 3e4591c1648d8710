import "server-only";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { bumpCounter, readCounter } from "./counter";
import { secondsUntilNextPeriod, periodIndex } from "./rate-period";

/*
 * Limits on the account endpoints, kept in the database like every other limit, so all instances
 * share them (better-auth's own limiter is off: it kept its counts in memory per instance and keyed
 * them on a header any client could set).
 *
 * - Per client address (lib/http/client-address.ts): sign-in, sign-up, reset requests, new
 *   passwords from a reset link, password changes and account deletions together,
 *   AUTH_ATTEMPTS_PER_ADDRESS per AUTH_WINDOW_S. Bounds guessing from one place (a password, or a
 *   reset token), and how fast one place can probe which emails have accounts (sign-up answers
 *   that, see docs/architecture.md). A change or a deletion checks the current password, so a
 *   stolen session cookie cannot guess it faster than a sign-in could.
 * - Per account: failed sign-ins, AUTH_FAILURES_PER_ACCOUNT per rate period, from any address. Past it
 *   the account is refused to browsers that never signed in to it (lib/auth/known-device.ts), so
 *   guessing from many addresses stops while the owner's browser still gets in.
 */

export type AuthEndpoint = "sign-in" | "sign-up" | "reset-request" | "reset" | "change-password" | "delete-account";

const ENDPOINTS: Record<string, AuthEndpoint> = {
  "/api/auth/sign-in/email": "sign-in",
  "/api/auth/sign-up/email": "sign-up",
  "/api/auth/request-password-reset": "reset-request",
  "/api/auth/forget-password": "reset-request",
  "/api/auth/reset-password": "reset",
  "/api/auth/change-password": "change-password",
  "/api/auth/delete-user": "delete-account",
};

/** Which limited endpoint a POST to this path is, or null for one without these limits. */
export const limitedEndpoint = (pathname: string): AuthEndpoint | null => ENDPOINTS[pathname.replace(/\/+$/, "")] ?? null;

const addressKey = (address: string) => `auth-address:${address}`;
const accountKey = (email: string) => `auth-failures:${email}`;

function refuse(message: string, nowMs: number, period: number): AppError {
  const retryAfterSeconds = secondsUntilNextPeriod(nowMs, config().AUTH_WINDOW_S, period);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError("rate_limited", `${message} Try again in ${minutes} min.`, { retryAfterSeconds, limit: "sign-in" });
}

/** Counts an attempt from `address` and refuses it (429) past the address's or the account's limit. */
export async function admitAuthAttempt(a: {
  endpoint: AuthEndpoint;
  address: string;
  email: string | null;
  knownDevice: boolean;
  nowMs?: number;
}): Promise<void> {
  const nowMs = a.nowMs ?? Date.now();
  const { AUTH_WINDOW_S, AUTH_ATTEMPTS_PER_ADDRESS, AUTH_FAILURES_PER_ACCOUNT } = config();
  const index = periodIndex(nowMs, AUTH_WINDOW_S);
  const fromAddress = (await bumpCounter(addressKey(a.address), index))!;
  if (fromAddress.count > AUTH_ATTEMPTS_PER_ADDRESS) {
    const what = a.endpoint === "sign-in" || a.endpoint === "sign-up" ? "sign-in attempts" : "account requests";
    throw refuse(`Too many ${what} from your network.`, nowMs, fromAddress.period);
  }
  if (a.endpoint !== "sign-in" || !a.email || a.knownDevice) return;
  const failures = await readCounter(accountKey(a.email), index);
  if (failures.count >= AUTH_FAILURES_PER_ACCOUNT) {
    throw refuse(
      "Too many failed sign-ins for this account. Sign in from a browser you have used with it before, or wait.",
      nowMs,
      failures.period,
    );
  }
}

/** Records a failed sign-in (wrong email or password) against the account it named. */
export async function recordFailedSignIn(email: string, nowMs = Date.now()): Promise<void> {
  await bumpCounter(accountKey(email), periodIndex(nowMs, config().AUTH_WINDOW_S));
}
