import "server-only";
import { cookies, headers } from "next/headers";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { requestContext } from "@/lib/http/request-context";
import { countRequest } from "@/lib/limits/count";
import { admitNewGuest } from "@/lib/limits/guests";
import type { LimitKind } from "@/lib/limits/window";
import { accountUserId, isAccount } from "./accounts";
import { decodeSession, encodeSession, SESSION_COOKIE } from "./guest-cookie";
import { authSecret } from "./secret";

export { decodeSession, encodeSession, SESSION_COOKIE } from "./guest-cookie";

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Who a cookieless read is: nobody. No row has this owner, so lists are empty and every thread is
 * a 404, and no User row or cookie is made for a visitor who only looked (or a crawler's 404).
 */
export const NOBODY = "";

const knownUsers = new Set<string>();

async function ensureUser(userId: string): Promise<void> {
  if (knownUsers.has(userId)) return;
  const found = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!found)
    await db()
      .user.create({ data: { id: userId } })
      .catch(() => undefined);
  knownUsers.add(userId);
}

/** Secure whenever the request came over HTTPS, unless COOKIE_SECURE forces it either way. */
export function cookieSecure(https: boolean): boolean {
  const mode = config().COOKIE_SECURE;
  return mode === "always" || (mode === "auto" && https);
}

/** The guest behind the cookie; an id that has since become an account opens only with a sign-in. */
async function guestId(value: string | undefined): Promise<string | null> {
  const id = decodeSession(value, await authSecret());
  return id && !(await isAccount(id)) ? id : null;
}

/**
 * The caller's user id: the signed-in account, else the guest.
 * - A read (GET) never creates anything: without a session the caller is NOBODY.
 * - A write is first real use: without a session a guest is created and its cookie set. A valid
 *   session is never replaced (lib/http/handler has already refused cross-site writes, so only
 *   the app's own pages get this far). Writes count against the abuse limits; a guest's write is
 *   counted by the same statement that confirms the id is still a guest's.
 */
export async function currentUserId(): Promise<string> {
  const ctx = requestContext();
  const jar = await cookies();
  const account = await accountUserId(await headers());
  if (ctx?.readOnly) return account ?? (await guestId(jar.get(SESSION_COOKIE)?.value)) ?? NOBODY;
  const limit = ctx?.limit ?? null;
  if (account) return admitted(account, limit);
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

/** Whether the cookie's id is still a guest's; with a limit, the same statement counts the write. */
async function stillGuest(id: string, limit: LimitKind | null): Promise<boolean> {
  return limit ? countRequest(id, limit, { unlessAccount: true }) : !(await isAccount(id));
}

async function admitted(userId: string, limit: LimitKind | null): Promise<string> {
  await ensureUser(userId);
  if (limit) await countRequest(userId, limit);
  return userId;
}
