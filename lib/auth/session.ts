import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { insertUnlessPresent } from "@/lib/db/unique-violation";
import { requestContext } from "@/lib/http/request-context";
import { countRequest } from "@/lib/limits/count";
import { admitNewGuest } from "@/lib/limits/guests";
import type { LimitKind } from "@/lib/limits/rate-period";
import { accountSession, isAccount } from "./accounts";
import { cookieValue, decodeSession, encodeSession, SESSION_COOKIE } from "./guest-cookie";
import { authSecret } from "./secret";

/*
 * The caller resolver: the one door that says who sent a request, for route handlers, pages,
 * layouts and server actions alike. The signed-in account (better-auth's session) first, then a
 * guest cookie whose id is still a guest's (an id that has become an account opens only with a
 * sign-in: an old copy of the cookie must not read the account's work), else nobody. No other
 * module decodes a cookie (eslint: @/lib/auth/guest-cookie is importable only here).
 */

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Who a cookieless read is: nobody. No row has this owner, so lists are empty and every thread is
 * a 404, and no User row or cookie is made for a visitor who only looked (or a crawler's 404).
 */
export const NOBODY = "";

export type Caller =
  /** `guestId`: a guest of this browser whose work was kept apart when the account signed in. */
  | { kind: "account"; userId: string; email: string; name: string; guestId: string | null }
  | { kind: "guest"; userId: string; guestId: string }
  | { kind: "nobody"; userId: typeof NOBODY; guestId: null };

/** Who sent these headers. Creates nothing and counts nothing: reads, pages and layouts. */
export async function callerOf(requestHeaders: Headers): Promise<Caller> {
  const cookie = requestHeaders.get("cookie");
  const [account, guestId] = await Promise.all([accountSession(requestHeaders), stillGuestId(cookieValue(cookie, SESSION_COOKIE))]);
  if (account) return { kind: "account", ...account, guestId };
  if (guestId) return { kind: "guest", userId: guestId, guestId };
  return { kind: "nobody", userId: NOBODY, guestId: null };
}

/** The caller of the request being rendered or handled; resolved once per server render. */
export const currentCaller = cache(async (): Promise<Caller> => callerOf(await headers()));

/**
 * The id this browser's guest cookie names, even one that has become an account. It opens nothing:
 * a sign-up asks, because a guest becomes one account or none (lib/auth/guest-upgrade.ts).
 */
export async function guestNamedBy(requestHeaders: Headers): Promise<string | null> {
  return decodeSession(cookieValue(requestHeaders.get("cookie"), SESSION_COOKIE), await authSecret());
}

/** The guest behind a cookie value; an id that has since become an account opens only with a sign-in. */
async function stillGuestId(value: string | undefined): Promise<string | null> {
  const id = decodeSession(value, await authSecret());
  return id && !(await isAccount(id)) ? id : null;
}

const knownUsers = new Set<string>();

async function ensureUser(userId: string): Promise<void> {
  if (knownUsers.has(userId)) return;
  const found = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  // Two first requests of one guest may both miss the row: the second insert's unique violation
  // is that race and nothing else is tolerated.
  if (!found) await insertUnlessPresent(db().user.create({ data: { id: userId } }));
  knownUsers.add(userId);
}

/** Secure whenever the request came over HTTPS, unless COOKIE_SECURE forces it either way. */
export function cookieSecure(https: boolean): boolean {
  const mode = config().COOKIE_SECURE;
  return mode === "always" || (mode === "auto" && https);
}

/**
 * The caller's user id, for route handlers and server actions (their wrapper set the request
 * context): the signed-in account, else the guest.
 * - A read (GET) never creates anything: without a session the caller is NOBODY.
 * - A write is first real use: without a session a guest is created and its cookie set. A valid
 *   session is never replaced (the wrapper has already refused cross-site writes, so only the
 *   app's own pages get this far). Writes count against the abuse limits; a guest's write is
 *   counted by the same statement that confirms the id is still a guest's.
 */
export async function currentUserId(): Promise<string> {
  const ctx = requestContext();
  if (ctx?.readOnly) return (await currentCaller()).userId;
  const limit = ctx?.limit ?? null;
  const account = await accountSession(await headers());
  if (account) return admitted(account.userId, limit);
  const jar = await cookies();
  const guest = decodeSession(jar.get(SESSION_COOKIE)?.value, await authSecret());
  if (guest && (await stillGuest(guest, limit))) {
    await ensureUser(guest);
    return guest;
  }
  if (ctx) await admitNewGuest(ctx.clientAddress);
  const userId = (await db().user.create({ data: {} })).id;
  knownUsers.add(userId);
  jar.set(SESSION_COOKIE, encodeSession(userId, await authSecret()), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR_S,
    secure: cookieSecure(ctx?.https ?? false),
  });
  return admitted(userId, limit);
}

/** Drops this browser's guest cookie (its work has moved into the signed-in account). */
export async function forgetGuestCookie(): Promise<void> {
  (await cookies()).delete(SESSION_COOKIE);
}

/** Whether the cookie's id is still a guest's; with a limit, the same statement counts the write. */
async function stillGuest(id: string, limit: LimitKind | null): Promise<boolean> {
  return limit ? countRequest(id, limit, { unlessAccount: true }) : !(await isAccount(id));
}

async function admitted(userId: string, limit: LimitKind | null): Promise<string> {
  await ensureUser(userId);
  if (limit) await countRequest(userId, limit);
  return userId;
}
