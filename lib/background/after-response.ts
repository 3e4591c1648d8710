import { after } from "next/server";

/**
 * The one way background work is scheduled: next/server's after(), which runs the work once the
 * response is sent and, on Vercel, keeps the function alive for it (it is waitUntil there). Every
 * route that starts work outliving its response (compaction after a reply, a routine run, the
 * cron routes) goes through here, so there is one mechanism and one place that logs its failures.
 */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  after(() => work().catch((err) => console.error(`[${label} failed]`, err)));
}
