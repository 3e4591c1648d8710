import { handleAuthRequest } from "@/lib/auth/auth-request";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { storableJsonObject } from "@/lib/http/safe-text";
import { SAFE_METHODS } from "@/lib/http/same-origin";

// Sign-up, sign-in and reset bodies are a few short fields.
const AUTH_BODY_LIMIT = 16_384;

// better-auth's endpoints (sign-up/in/out, sessions, verification, reset), behind the same gate as
// every route: a cross-site sign-in (login CSRF) or a form post is refused before better-auth runs.
// better-auth checks each body's shape; what it cannot know is our storage: a NUL in a name was a
// failed sign-up on PostgreSQL and stored on SQLite, a lone surrogate stored as U+FFFD. Those, and
// oversized bodies, are a 400/413 here, on both databases alike.
const handle = handler(async (req) => {
  if (!SAFE_METHODS.has(req.method)) await parseBody(req.clone(), storableJsonObject(), AUTH_BODY_LIMIT, { optional: true });
  return handleAuthRequest(req);
});

export const GET = handle;
export const POST = handle;
