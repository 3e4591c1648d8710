/*
 * Hook point for what a finished run hands to the outside world, e.g. "send me a digest": the
 * email ledger (lib/actions) plugs in here, keyed by the run id so a retried or resumed run never
 * sends twice. Until then a run's result lives in its thread and its RoutineRun row.
 */
export type FinishedRun = { runId: string; routineId: string; userId: string; threadId: string; finalReply: string };

export async function deliverRunResult(run: FinishedRun): Promise<void> {
  void run;
}
