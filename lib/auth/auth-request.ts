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
  return withRelativeRedirect(await (isSignUp(req) ? exclusiveSignUp(req.headers, run) : run()));
}

/*
 * A link from account mail (reset, confirmation) is followed here and better-auth redirects to one
 * of our pages. It builds that address on the origin it guessed for the request (the server in
 * front of Next reaches it as localhost), so a person who opened http://127.0.0.1:3000/... would
 * land on http://localhost:3000/..., another origin without their cookies. A Location of the path
 * alone is resolved by the browser against the link it followed, which is on the app's origin
 * (lib/auth/mail-link.ts).
 */
function withRelativeRedirect(res: Response): Response {
  const location = res.headers.get("location");
  if (!location || res.status < 300 || res.status >= 400) return res;
  const target = new URL(location, "http://relative.invalid");
  if (!/^\/(account|api\/auth)(\/|\?|$)/.test(target.pathname + target.search)) return res;
  const headers = new Headers(res.headers);
  headers.set("location", target.pathname + target.search + target.hash);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

const isSignUp = (req: Request) => req.method === "POST" && new URL(req.url).pathname.endsWith("/sign-up/email");
