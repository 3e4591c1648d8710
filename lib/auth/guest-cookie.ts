import crypto from "node:crypto";
import { authSecret } from "./secret";

/** The guest's cookie: "<userId>.<HMAC(userId)>", signed with AUTH_SECRET (lib/auth/secret.ts). */
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

/** The guest id in a raw Cookie header, when its signature holds. */
export async function guestIdFromCookieHeader(header: string | null): Promise<string | null> {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      return decodeSession(decodeURIComponent(part.slice(eq + 1).trim()), await authSecret());
    }
  }
  return null;
}
