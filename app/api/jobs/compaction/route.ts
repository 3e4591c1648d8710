import { z } from "zod";
import { afterResponse } from "@/lib/background/after-response";
import { acceptJobOnce } from "@/lib/background/accepted-jobs";
import { SIGNATURE_HEADER, verifyJobSignature } from "@/lib/background/job-signature";
import { runCompaction } from "@/lib/compaction/run";
import { COMPACTION_TRIGGERS } from "@/lib/compaction/trigger";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { readCapped, validateBody } from "@/lib/http/parse-body";

// caller: public — the app itself (lib/background/compaction-job.ts), proven by an HMAC of the path, body and a nonce with CRON_SECRET; it acts for no user.

// A compaction's own invocation: the summarizer alone may take SUMMARY_TIMEOUT_MS (180 s by
// default), so it does not run in the reply's function. Accepted with 202 at once; the work runs
// in after() (waitUntil on Vercel) within this function's own maxDuration. If this function dies,
// the compaction's receipt stays "running" until GET /api/cron/sweep marks it interrupted and
// hands it here again.
export const maxDuration = 300;
export const dynamic = "force-dynamic";

const jobSchema = z.strictObject({
  threadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  trigger: z.enum(COMPACTION_TRIGGERS),
});

export const POST = handler(async (req) => {
  const secret = config().CRON_SECRET;
  if (!secret) throw new AppError("unauthorized", "CRON_SECRET is not set on the server, so background jobs are not accepted over HTTP");
  // The signature covers the exact bytes and this path, so they are read (capped) before anything parses them.
  const raw = await readCapped(req, 1024);
  const signed = verifyJobSignature(secret, req.headers.get(SIGNATURE_HEADER), { path: new URL(req.url).pathname, body: raw });
  if (!signed) throw new AppError("unauthorized", "Missing, stale or wrong job signature");
  const job = validateBody(jobSchema, JSON.parse(raw));
  if (!(await db().thread.findUnique({ where: { id: job.threadId }, select: { id: true } }))) throw notFound();
  // Last, so a refused request records nothing; one insert decides between two copies sent at once.
  if (!(await acceptJobOnce(signed))) throw new AppError("conflict", "This job was already accepted; a signed job runs once");
  afterResponse("compaction job", () => runCompaction(job.threadId, job.trigger));
  return Response.json({ accepted: true }, { status: 202 });
});
