import { after } from "next/server";
import { waitUntil } from "@vercel/functions";

/**
 * The one way background work is scheduled. Inside a Next request scope it is next/server's
 * after(), which runs the work once the response is sent and, on Vercel, keeps the function alive
 * for it. Outside one (work started by other background work once its request is gone, the
 * in-process scheduler) after() throws, so the work starts at once and its promise goes to
 * @vercel/functions' waitUntil: on Vercel that keeps the invocation alive until it settles;
 * elsewhere it does nothing and the long-lived process simply runs the work. Every route and job
 * goes through here, so there is one mechanism and one place that logs failures.
 */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  const run = () => work().catch((err) => console.error(`[${label} failed]`, err));
  if (inRequestScope(() => after(run))) return;
  waitUntil(run());
}

/** Runs `schedule`; false when Next refused it for want of a request scope. */
function inRequestScope(schedule: () => void): boolean {
  try {
    schedule();
    return true;
  } catch (err) {
    if (err instanceof Error && err.message.includes("outside a request scope")) return false;
    throw err;
  }
}
