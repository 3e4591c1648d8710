import { getAuth } from "@/lib/auth/accounts";
import { handler } from "@/lib/http/handler";

// better-auth's endpoints (sign-up/in/out, sessions, verification, reset), behind the same gate as
// every route: a cross-site sign-in (login CSRF) or a form post is refused before better-auth runs.
const handle = handler(async (req) => (await getAuth()).handler(req));

export const GET = handle;
export const POST = handle;
