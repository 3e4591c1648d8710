import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";

/**
 * GET /api/cron/routines and /api/cron/sweep are for the platform's cron only:
 * `Authorization: Bearer $CRON_SECRET`. A bearer token, not a signed single-use job like
 * POST /api/jobs/compaction (lib/background/job-signature.ts), because it is what Vercel Cron sends
 * and a platform's cron cannot sign each request. A request sent again does nothing twice: the
 * routines tick claims each due slot with a compare-and-set (one run per routine and slot), the
 * sweep settles only dead holders, each with a compare-and-set, and a compaction it starts again
 * takes the thread's lease (a second one answers "busy"). A captured request holds the secret
 * itself, which HTTPS keeps from being captured.
 */
export function assertCronAuthorized(req: Request): void {
  const secret = config().CRON_SECRET;
  const given = req.headers.get("authorization") ?? "";
  const expected = `Bearer ${secret ?? ""}`;
  // Digests have one length whatever was sent (a header's characters need not be one byte each).
  const ok = !!secret && timingSafeEqual(digest(given), digest(expected));
  if (!ok)
    throw new AppError(
      "unauthorized",
      secret ? "Missing or wrong bearer token" : "CRON_SECRET is not set on the server, so the cron route is disabled",
    );
}

const digest = (s: string) => createHash("sha256").update(s).digest();
