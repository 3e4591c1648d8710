import { AppError } from "@/lib/errors";

/*
 * What the app adds to, or requires of, a request to better-auth's endpoints before better-auth
 * sees it. better-auth leaves these choices to its caller; the app makes them here, for the
 * account page and for scripts alike:
 * - a password change signs out every other session (the old password may be known to someone);
 * - a reset link always lands on the page that sets the new password (/account/reset), whatever
 *   `redirectTo` a client sent: without one better-auth's link led to its own bare error page;
 * - deleting the account takes the password, also from a session just signed in (better-auth
 *   would accept a fresh session alone), and only the password: no emailed-token variant here.
 */

export const RESET_PAGE = "/account/reset";

type Body = Record<string, unknown>;

/** The body to forward for a POST to `path`, or null when it is forwarded unchanged. */
export function authBodyFor(path: string, body: Body): Body | null {
  if (path.endsWith("/change-password")) return { ...body, revokeOtherSessions: true };
  if (path.endsWith("/request-password-reset")) return { ...body, redirectTo: RESET_PAGE };
  if (path.endsWith("/delete-user")) {
    if (typeof body.password !== "string" || body.password === "")
      throw new AppError("invalid_body", 'Invalid field "password": your password is needed to delete the account', { field: "password" });
    return { password: body.password };
  }
  return null;
}
