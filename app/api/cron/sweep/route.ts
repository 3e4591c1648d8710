import { afterResponse } from "@/lib/background/after-response";
import { deadCompactions, retryDeadCompactions } from "@/lib/background/dead-compactions";
import { handler } from "@/lib/http/handler";
import { ownOrigin } from "@/lib/http/own-origin";
import { sweepOnce } from "@/lib/sweep/sweeper";
import { assertCronAuthorized } from "@/lib/routines/cron-auth";

// Serverless hosting (vercel.json cron): the sweep every server process runs on a timer
// (instrumentation.ts), for hosts where no process lives between requests. It closes replies,
// compaction receipts and actions left open by a dead function, then starts the compactions whose
// function died again, each in an invocation of its own (POST /api/jobs/compaction) when
// compactions run in their own invocation, otherwise one after another in this one's after().
// caller: public — the platform's cron, authorized by CRON_SECRET (assertCronAuthorized); it acts for no user.
export const maxDuration = 300;
export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  assertCronAuthorized(req);
  const swept = await sweepOnce();
  const compactions = await deadCompactions();
  if (compactions.length) {
    const origin = ownOrigin(req) ?? undefined;
    afterResponse("compactions retried from cron", () => retryDeadCompactions(compactions, origin));
  }
  return Response.json({ ...swept, compactionsRetried: compactions.map((c) => c.threadId) });
});
