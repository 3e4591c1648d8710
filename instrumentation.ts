// Next calls register() once when a server process starts. Background jobs run in the Node
// runtime only, and never while `next build` loads the app.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startSweeper } = await import("@/lib/jobs/sweeper");
  startSweeper();
}
