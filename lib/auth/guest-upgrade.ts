import "server-only";
import { AppError } from "@/lib/errors";
import { isAccount } from "./accounts";
import { guestNamedBy } from "./session";

/*
 * A guest becomes one account or none. The new account takes the guest's id (lib/auth/accounts.ts),
 * so the account row's primary key is the claim, decided by the database whichever instance the
 * sign-ups reach: of two sign-ups from one guest at once (two tabs, two emails), one insert wins and
 * the other fails having created nothing. The other is a 409 with no cookie: no session for an
 * empty account, and the guest cookie is left for the winner's answer to drop, so the browser ends
 * signed in to the account with the work whichever answer comes last.
 */

const alreadySaved = () =>
  new AppError(
    "conflict",
    "Your guest work has already been saved to another account, perhaps from another tab: sign in to that account to open it.",
  );

/** Runs a sign-up (`signUp`) for a browser, refusing it when the browser's guest is or becomes another account. */
export async function exclusiveSignUp(headers: Headers, signUp: () => Promise<Response>): Promise<Response> {
  const guestId = await guestNamedBy(headers);
  // Sent with the guest's cookie after the other sign-up took the guest: without this, a sign-up
  // with a fresh id and no work.
  if (guestId && (await isAccount(guestId))) throw alreadySaved();
  const res = await signUp();
  // Lost the race for the id (refused in the create hook, or its insert failed on the key).
  if (guestId && !res.ok && (await isAccount(guestId))) throw alreadySaved();
  return res;
}
