import crypto from "node:crypto";

/*
 * The guest's cookie: "<userId>.<HMAC(userId)>", signed with AUTH_SECRET (lib/auth/secret.ts).
 * Only the caller resolver (lib/auth/session.ts) may decode it: a module that decodes it itself
 * would skip the resolver's other half, "an id that has become an account is no guest any more"
 * (eslint's no-restricted-imports enforces this).
 */
export const SESSION_COOKIE = "lrc_session";

function sign(userId: string, key: string): string {
  return crypto.createHmac("sha256", key).update(userId).digest("base64url");
}

export function encodeSession(userId: string, key: string): string {
  return `${userId}.${sign(userId, key)}`;
}

export function decodeSession(value: string | undefined, key: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(userId, key));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return userId;
}

/** The raw value of one cookie in a Cookie header (not verified). */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch (err) {
        // A malformed escape is a cookie this app never set: no session, as for a forged one.
        if (err instanceof URIError) return undefined;
        throw err;
      }
    }
  }
  return undefined;
}
