import crypto from "node:crypto";
import { cookies } from "next/headers";
import { db } from "@/lib/db/client";
import { authSecret } from "./secret";

export const SESSION_COOKIE = "lrc_session";
const ONE_YEAR_S = 365 * 24 * 3600;

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

const knownUsers = new Set<string>();

async function ensureUser(userId: string): Promise<void> {
  if (knownUsers.has(userId)) return;
  const found = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!found) await db().user.create({ data: { id: userId } }).catch(() => undefined);
  knownUsers.add(userId);
}

/**
 * The caller's user id. A visitor without a valid session becomes a new guest and gets the cookie
 * on this response: the API never answers "unauthenticated".
 */
export async function currentUserId(): Promise<string> {
  const jar = await cookies();
  const key = await authSecret();
  const existing = decodeSession(jar.get(SESSION_COOKIE)?.value, key);
  if (existing) {
    await ensureUser(existing);
    return existing;
  }
  const user = await db().user.create({ data: {} });
  knownUsers.add(user.id);
  jar.set(SESSION_COOKIE, encodeSession(user.id, key), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR_S,
    secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE === "1",
  });
  return user.id;
}
