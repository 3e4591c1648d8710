import { afterResponse } from "@/lib/background/after-response";
import { handler } from "@/lib/http/handler";
import { assertCronAuthorized } from "@/lib/routines/cron-auth";
import { tick } from "@/lib/routines/scheduler";

// caller: public — the platform's cron, authorized by CRON_SECRET (assertCronAuthorized); it acts for no user.

// Serverless hosting (vercel.json cron): claims due runs like the in-process scheduler does; the
// claims are compare-and-sets in the database, so this and any running schedulers never double-start.
export const maxDuration = 300;
export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  assertCronAuthorized(req);
  const { runs, finished } = await tick();
  afterResponse("routine runs from cron", () => finished);
  return Response.json({ claimed: runs.length, runs });
});
