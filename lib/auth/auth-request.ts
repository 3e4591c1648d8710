import "server-only";
import { config } from "@/lib/config";
import { requestProtocol } from "@/lib/http/own-origin";
import { getAuth, withAuthRequestGuest } from "./accounts";
import { exclusiveSignUp } from "./guest-upgrade";
import { callerOf, cookieSecure } from "./session";

/**
 * A request to better-auth's endpoints (/api/auth/*). Its cookies follow COOKIE_SECURE like ours,
 * decided for this request; the caller resolver says which guest this browser is, so a sign-up
 * takes over that guest's id (one sign-up only: lib/auth/guest-upgrade.ts) and a sign-out keeps a
 * guest whose work was kept apart.
 */
export async function handleAuthRequest(req: Request): Promise<Response> {
  const { TRUST_PROXY } = config();
  const https = requestProtocol(req, TRUST_PROXY) === "https:";
  const [auth, caller] = await Promise.all([getAuth({ secureCookies: cookieSecure(https) }), callerOf(req.headers)]);
  const run = () => withAuthRequestGuest(caller.guestId, () => auth.handler(req));
  return isSignUp(req) ? exclusiveSignUp(req.headers, run) : run();
}

const isSignUp = (req: Request) => req.method === "POST" && new URL(req.url).pathname.endsWith("/sign-up/email");
