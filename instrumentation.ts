/**
 * Next calls register() once per server process. Background work runs in the Node.js runtime of a
 * started server only: never in the edge runtime (the imports sit inside the NEXT_RUNTIME check so
 * the edge bundle leaves them out) and never while `next build` collects pages. PostgreSQL's
 * connection pool is opened up front; the sweeper closes what dead processes left open; the
 * routine scheduler can be switched off with ROUTINES_SCHEDULER=off (serverless hosting uses the
 * cron route instead).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { warmPool } = await import("./lib/db/client");
    warmPool().catch((err) => console.error("[db] could not open the connection pool", err));
    const { startSweeper } = await import("./lib/jobs/sweeper");
    startSweeper();
    const { startScheduler } = await import("./lib/routines/scheduler");
    if (startScheduler()) console.log("[routines] scheduler started");
  }
}
