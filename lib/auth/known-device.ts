import crypto from "node:crypto";

/*
 * A browser that has signed in to an account before carries a mark of it: HMAC(email), one per
 * account it knows, in a long-lived cookie. When an account is under attack (too many failed
 * sign-ins, lib/limits/sign-in.ts), browsers without the mark are refused for a while, while the
 * owner's own browser still signs in from any address: a guesser cannot lock the owner out.
 * The mark proves only that this browser signed in to that account once; the password is still
 * checked.
 */

export const KNOWN_DEVICE_COOKIE = "lrc_known";
const MAX_MARKS = 5;
const ONE_YEAR_S = 365 * 24 * 3600;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function mark(email: string, secret: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`known-device:${normalizeEmail(email)}`)
    .digest("base64url")
    .slice(0, 22);
}

function marksIn(cookieHeader: string | null): string[] {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === KNOWN_DEVICE_COOKIE)
      return part
        .slice(eq + 1)
        .trim()
        .split(".")
        .filter(Boolean);
  }
  return [];
}

/** Whether the browser sending this Cookie header has signed in to `email` before. */
export function isKnownDevice(cookieHeader: string | null, email: string, secret: string): boolean {
  const expected = Buffer.from(mark(email, secret));
  return marksIn(cookieHeader).some((m) => m.length === expected.length && crypto.timingSafeEqual(Buffer.from(m), expected));
}

/** The Set-Cookie line that adds `email`'s mark to the browser's (the newest MAX_MARKS kept). */
export function knownDeviceCookie(cookieHeader: string | null, email: string, secret: string, secure: boolean): string {
  const fresh = mark(email, secret);
  const marks = [...marksIn(cookieHeader).filter((m) => m !== fresh), fresh].slice(-MAX_MARKS);
  return `${KNOWN_DEVICE_COOKIE}=${marks.join(".")}; Path=/api/auth; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
