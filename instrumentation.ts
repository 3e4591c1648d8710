/**
 * Next calls register() once per server process. Background work runs in the Node.js runtime of a
 * started server only: never in the edge runtime (the imports sit inside the NEXT_RUNTIME check so
 * the edge bundle leaves them out) and never while `next build` collects pages. PostgreSQL's
 * connection pool is opened up front; the sweeper closes what dead processes left open; both the
 * sweeper (SWEEPER=off) and the routine scheduler (ROUTINES_SCHEDULER=off) can be switched off for
 * serverless hosting, where the cron routes (/api/cron/sweep, /api/cron/routines) tick instead.
 *
 * An invalid setting stops the server here, before it answers anything: one line naming the
 * variable, the rule and what is wrong with the value (never the value: it may be a secret).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { config, configProblem } = await import("./lib/config");
    const problem = configProblem(process.env);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    const { warmPool } = await import("./lib/db/client");
    warmPool().catch((err) => console.error("[db] could not open the connection pool", err));
    if (config().SWEEPER === "on") {
      const { startSweeper } = await import("./lib/sweep/sweeper");
      startSweeper();
    }
    const { startScheduler } = await import("./lib/routines/scheduler");
    if (startScheduler()) console.log("[routines] scheduler started");
  }
}
