import { authBodyFor } from "@/lib/auth/auth-body";
import { handleAuthRequest } from "@/lib/auth/auth-request";
import { isKnownDevice, knownDeviceCookie, normalizeEmail } from "@/lib/auth/known-device";
import { authSecret } from "@/lib/auth/secret";
import { cookieSecure } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { requestContext } from "@/lib/http/request-context";
import { storableJsonObject } from "@/lib/http/safe-text";
import { SAFE_METHODS } from "@/lib/http/same-origin";
import { admitAuthAttempt, limitedEndpoint, recordFailedSignIn } from "@/lib/limits/sign-in";

// Sign-up, sign-in and reset bodies are a few short fields.
const AUTH_BODY_LIMIT = 16_384;

// better-auth's endpoints (sign-up/in/out, sessions, verification, reset), behind the same gate as
// every route: a cross-site sign-in (login CSRF) or a form post is refused before better-auth runs.
// better-auth checks each body's shape; what it cannot know is our storage: a NUL in a name was a
// failed sign-up on PostgreSQL and stored on SQLite, a lone surrogate stored as U+FFFD. Those, and
// oversized bodies, are a 400/413 here, on both databases alike. The sign-in limits
// (lib/limits/sign-in.ts) are ours too, and so are the rules on change, reset and delete bodies
// (lib/auth/auth-body.ts).
const handle = handler(async (req) => {
  if (SAFE_METHODS.has(req.method)) return handleAuthRequest(req);
  const body = await parseBody(req.clone(), storableJsonObject(), AUTH_BODY_LIMIT, { optional: true });
  const path = new URL(req.url).pathname;
  const endpoint = limitedEndpoint(path);
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : null;
  const cookies = req.headers.get("cookie");
  const secret = await authSecret();
  if (endpoint) {
    const address = requestContext()!.clientAddress;
    await admitAuthAttempt({ endpoint, address, email, knownDevice: email !== null && isKnownDevice(cookies, email, secret) });
  }
  const shaped = authBodyFor(path, body);
  const forwarded = shaped ? withBody(req, shaped) : req;
  const res = await handleAuthRequest(forwarded);
  if (endpoint === "sign-in" && email && res.status === 401) await recordFailedSignIn(email);
  if ((endpoint === "sign-in" || endpoint === "sign-up") && email && res.ok) {
    const marked = new Response(res.body, res);
    marked.headers.append("set-cookie", knownDeviceCookie(cookies, email, secret, cookieSecure(requestContext()!.https)));
    return marked;
  }
  return res;
});

const withBody = (req: Request, body: unknown) =>
  new Request(req.url, { method: req.method, headers: req.headers, body: JSON.stringify(body), signal: req.signal });

export const GET = handle;
export const POST = handle;
