/**
 * Next calls register() once per server process. The routine scheduler runs in the Node.js
 * runtime of a started server only: never in the edge runtime (the import sits inside the
 * NEXT_RUNTIME check so the edge bundle leaves it out), never while `next build` collects pages,
 * and not at all with ROUTINES_SCHEDULER=off (serverless hosting uses the cron route instead).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startScheduler } = await import("./lib/routines/scheduler");
    if (startScheduler()) console.log("[routines] scheduler started");
  }
}
