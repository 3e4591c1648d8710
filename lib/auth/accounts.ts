import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { config } from "@/lib/config";
import { db, isPostgresUrl, type Db } from "@/lib/db/client";
import { originRules, pageOrigin } from "@/lib/http/own-origin";
import { deleteAccountData } from "./delete-account";
import { SESSION_COOKIE } from "./guest-cookie";
import { sendAuthMail } from "./mail";
import { mailLink } from "./mail-link";
import { authSecret } from "./secret";

/*
 * Accounts with better-auth (email and password; its sessions can be listed and revoked). Guests stay
 * ours (lib/auth/session.ts: a signed cookie, zero setup). "Save your work" is better-auth's
 * sign-up, with one twist: the new account takes the id of the guest who signs up, so everything
 * the guest owns (threads, workspaces, anything keyed by userId) is the account's at once, and
 * nothing is moved; only one sign-up can take it. Sign-up drops the guest cookie (from then on only
 * a sign-in opens that id); sign-out drops it unless it is still a guest's (work the person chose to
 * keep apart).
 *
 * Who the guest is comes from the caller resolver: lib/auth/auth-request.ts resolves the request
 * and runs better-auth inside `withAuthRequestGuest`, so nothing here reads the guest cookie.
 *
 * A new password set from a reset link signs that browser in (the reset itself ends every other
 * session). Deleting the account deletes everything it owns in one transaction
 * (lib/auth/delete-account.ts).
 */

// Per better-auth request: the browser's still-guest id, and the account whose password this
// request reset (set by onPasswordReset, read by the after hook that signs the browser in).
type AuthRequestState = { guestId: string | null; passwordResetOf?: { id: string } };
const requestState = new AsyncLocalStorage<AuthRequestState>();
const requestGuestId = () => requestState.getStore()?.guestId ?? null;

/** Runs a better-auth request knowing the still-guest id of its browser (or null). */
export const withAuthRequestGuest = <T>(guestId: string | null, fn: () => Promise<T>) => requestState.run({ guestId }, fn);

/** A reset link is good for one hour and one use (better-auth consumes it with the new password). */
export const RESET_LINK_SECONDS = 3600;

function createAuth(client: Db, secret: string, secureCookies: boolean) {
  const { APP_URL, TRUST_PROXY } = config();
  return betterAuth({
    appName: "Longrun Chat",
    secret,
    baseURL: APP_URL,
    basePath: "/api/auth",
    database: prismaAdapter(client, { provider: isPostgresUrl(config().DATABASE_URL) ? "postgresql" : "sqlite" }),
    session: { modelName: "authSession" },
    account: { modelName: "authAccount" },
    verification: { modelName: "authVerification" },
    // Our page's origin for this request (lib/http/own-origin.ts); never a bare Host.
    trustedOrigins: (request) =>
      request ? [pageOrigin(request, { ...originRules(), appUrl: APP_URL, trustProxy: TRUST_PROXY }) ?? new URL(request.url).origin] : [],
    advanced: {
      // Decided per request like our own cookie (lib/auth/session.ts cookieSecure): without it
      // better-auth makes every production cookie `__Secure-` and Secure, which a browser refuses
      // from a plain-http origin other than localhost.
      useSecureCookies: secureCookies,
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
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      onPasswordReset: async ({ user }) => {
        const state = requestState.getStore();
        if (state) state.passwordResetOf = { id: user.id };
      },
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
    user: {
      modelName: "authUser",
      deleteUser: { enabled: true, beforeDelete: async (user) => deleteAccountData(user.id) },
    },
    databaseHooks: {
      user: {
        create: {
          // The guest's id or no account (lib/auth/guest-upgrade.ts): the key decides between two
          // sign-ups from one guest, and one that sees the other's account here makes none, where a
          // fresh id would give an empty account the browser may end up signed in to.
          before: async (user) => {
            const guestId = requestGuestId();
            if (!guestId) return;
            if (await client.authUser.findUnique({ where: { id: guestId }, select: { id: true } })) return false;
            return { data: { ...user, id: guestId } };
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        // Only a sign-up that signed in: a refused one (email taken, guest already claimed) leaves the
        // browser its guest, whose work would otherwise be out of reach.
        const signedUp = ctx.path === "/sign-up/email" && ctx.context.newSession !== null;
        const dropGuest = signedUp || (ctx.path === "/sign-out" && !requestGuestId());
        if (dropGuest) ctx.setCookie(SESSION_COOKIE, "", { path: "/", maxAge: 0 });
        // The person who just chose a new password from the mail is signed in here, with a
        // session of their own (better-auth's reset ended every other one).
        const reset = ctx.path === "/reset-password" ? requestState.getStore()?.passwordResetOf : undefined;
        if (reset) {
          const user = await ctx.context.internalAdapter.findUserById(reset.id);
          const session = user && (await ctx.context.internalAdapter.createSession(user.id));
          if (user && session) await setSessionCookie(ctx, { session, user });
        }
      }),
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const cache = new WeakMap<Db, Map<boolean, Auth>>();

/**
 * The better-auth instance for the current database (tests switch databases per file), with
 * `Secure`/`__Secure-` cookies or without: better-auth fixes that per instance, so there is one of
 * each and the request picks.
 */
export async function getAuth(opts: { secureCookies: boolean }): Promise<Auth> {
  const client = db();
  let byMode = cache.get(client);
  if (!byMode) cache.set(client, (byMode = new Map()));
  let auth = byMode.get(opts.secureCookies);
  if (!auth) {
    auth = createAuth(client, await authSecret(), opts.secureCookies);
    byMode.set(opts.secureCookies, auth);
  }
  return auth;
}

export type AccountSession = { userId: string; email: string; name: string };

/** The signed-in account for these request headers, or null. Only the caller resolver asks. */
export async function accountSession(headers: Headers): Promise<AccountSession | null> {
  const cookie = headers.get("cookie");
  if (!cookie?.includes("better-auth.session_token")) return null;
  // The session cookie is read under the name it was set with: over HTTPS (or COOKIE_SECURE=always)
  // `__Secure-better-auth.session_token`, else without the prefix.
  const auth = await getAuth({ secureCookies: cookie.includes("__Secure-better-auth.session_token") });
  const session = await auth.api.getSession({ headers });
  return session ? { userId: session.user.id, email: session.user.email, name: session.user.name } : null;
}

/** Whether this id belongs to an account (then a guest cookie alone no longer opens it). */
export async function isAccount(userId: string): Promise<boolean> {
  return (await db().authUser.findUnique({ where: { id: userId }, select: { id: true } })) !== null;
}
