import crypto from "node:crypto";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { requestContext } from "@/lib/http/request-context";
import { countRequest } from "@/lib/limits/count";
import { authSecret } from "./secret";

export const SESSION_COOKIE = "lrc_session";
const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Who a cookieless read is: nobody. No row has this owner, so lists are empty and every thread is
 * a 404, and no User row or cookie is made for a visitor who only looked (or a crawler's 404).
 */
export const NOBODY = "";

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

/** Secure whenever the request came over HTTPS, unless COOKIE_SECURE forces it either way. */
export function cookieSecure(https: boolean): boolean {
  const mode = config().COOKIE_SECURE;
  return mode === "always" || (mode === "auto" && https);
}

/**
 * The caller's user id.
 * - A read (GET) never creates anything: without a valid session the caller is NOBODY.
 * - A write is first real use: without a valid session a guest is created and its cookie set.
 *   A valid session cookie is never replaced (lib/http/handler has already refused cross-site
 *   writes, so only the app's own pages get this far). Writes count against the abuse limits.
 */
export async function currentUserId(): Promise<string> {
  const ctx = requestContext();
  const jar = await cookies();
  const key = await authSecret();
  const existing = decodeSession(jar.get(SESSION_COOKIE)?.value, key);
  if (ctx?.readOnly) return existing ?? NOBODY;
  let userId = existing;
  if (userId) {
    await ensureUser(userId);
  } else {
    userId = (await db().user.create({ data: {} })).id;
    knownUsers.add(userId);
    jar.set(SESSION_COOKIE, encodeSession(userId, key), {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: ONE_YEAR_S,
      secure: cookieSecure(ctx?.https ?? false),
    });
  }
  if (ctx?.limit) await countRequest(userId, ctx.limit);
  return userId;
}
