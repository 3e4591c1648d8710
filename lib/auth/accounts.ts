import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { createAuthMiddleware } from "better-auth/api";
import { config } from "@/lib/config";
import { db, isPostgresUrl, type Db } from "@/lib/db/client";
import { ownOrigin } from "@/lib/http/same-origin";
import { guestIdFromCookieHeader, SESSION_COOKIE } from "./guest-cookie";
import { sendAuthMail } from "./mail";
import { mailLink } from "./mail-link";
import { authSecret } from "./secret";

/*
 * Accounts with better-auth (email and password; its sessions can be listed and revoked). Guests stay
 * ours (lib/auth/session.ts: a signed cookie, zero setup). "Save your work" is better-auth's
 * sign-up, with one twist: the new account takes the id of the guest who signs up, so everything
 * the guest owns (threads, workspaces, anything keyed by userId) is the account's at once, and
 * nothing is moved. Sign-up and sign-out drop the guest cookie: from then on only a sign-in opens
 * that id.
 */

function createAuth(client: Db, secret: string) {
  const { APP_URL, TRUST_PROXY, COOKIE_SECURE } = config();
  return betterAuth({
    appName: "Longrun Chat",
    secret,
    baseURL: APP_URL,
    basePath: "/api/auth",
    database: prismaAdapter(client, { provider: isPostgresUrl(config().DATABASE_URL) ? "postgresql" : "sqlite" }),
    user: { modelName: "authUser" },
    session: { modelName: "authSession" },
    account: { modelName: "authAccount" },
    verification: { modelName: "authVerification" },
    trustedOrigins: (request) => (request ? [ownOrigin(request, { appUrl: APP_URL, trustProxy: TRUST_PROXY })] : []),
    advanced: {
      useSecureCookies: COOKIE_SECURE === "always" ? true : COOKIE_SECURE === "never" ? false : undefined,
      trustedProxyHeaders: TRUST_PROXY,
    },
    telemetry: { enabled: false },
    // Ours instead (lib/limits/sign-in.ts): in the database, keyed on the address lib/http decides.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      // A reset means the old password may be known to someone else: every session ends.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) =>
        sendAuthMail({
          kind: "reset-password",
          userId: user.id,
          to: user.email,
          subject: "Reset your Longrun Chat password",
          text: `Choose a new password: ${mailLink(url, request)}`,
        }),
    },
    emailVerification: {
      sendVerificationEmail: async ({ user, url }, request) =>
        sendAuthMail({
          kind: "verify-email",
          userId: user.id,
          to: user.email,
          subject: "Confirm your email for Longrun Chat",
          text: `Confirm this address: ${mailLink(url, request)}`,
        }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const guestId = await guestIdFromCookieHeader(ctx?.headers?.get("cookie") ?? null);
            if (!guestId || (await client.authUser.findUnique({ where: { id: guestId }, select: { id: true } }))) return;
            return { data: { ...user, id: guestId } };
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email" || ctx.path === "/sign-out") ctx.setCookie(SESSION_COOKIE, "", { path: "/", maxAge: 0 });
      }),
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const cache = new WeakMap<Db, Auth>();

/** The better-auth instance for the current database (tests switch databases per file). */
export async function getAuth(): Promise<Auth> {
  const client = db();
  let auth = cache.get(client);
  if (!auth) {
    auth = createAuth(client, await authSecret());
    cache.set(client, auth);
  }
  return auth;
}

/** The signed-in account's user id for these request headers, or null. */
export async function accountUserId(headers: Headers): Promise<string | null> {
  if (!headers.get("cookie")?.includes("better-auth")) return null;
  const session = await (await getAuth()).api.getSession({ headers });
  return session?.user.id ?? null;
}

/** Whether this id belongs to an account (then a guest cookie alone no longer opens it). */
export async function isAccount(userId: string): Promise<boolean> {
  return (await db().authUser.findUnique({ where: { id: userId }, select: { id: true } })) !== null;
}
