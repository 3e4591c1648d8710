import { config } from "@/lib/config";
import { sendDigestEmail } from "@/lib/email/digest";

/*
 * What a finished run hands to the outside world. A routine whose instructions ask for a digest
 * ("... send me a digest") mails its final reply to the person (EMAIL_TO) through the action
 * ledger, keyed run_<runId>:send_digest, so a retried or resumed run never sends it twice. The
 * ledger records the send's fate (sent, unknown, needs a person); the run's own status is about
 * its work, so a mail problem is logged and journaled there, not turned into a failed run.
 */
export type FinishedRun = {
  runId: string;
  routineId: string;
  routineName: string;
  instructions: string;
  userId: string;
  threadId: string;
  finalReply: string;
};

export const asksForDigest = (instructions: string) => /\bdigest\b/i.test(instructions);

export async function deliverRunResult(run: FinishedRun): Promise<void> {
  if (!asksForDigest(run.instructions)) return;
  if (!config().EMAIL_TO) {
    console.info(`[routine ${run.routineId}] the instructions ask for a digest, but EMAIL_TO is not set: nothing mailed.`);
    return;
  }
  try {
    const outcome = await sendDigestEmail({
      userId: run.userId,
      scope: `routine:${run.routineId}`,
      runId: run.runId,
      threadId: run.threadId,
      subject: `${run.routineName}: digest`,
      body: run.finalReply,
    });
    if (outcome.state !== "sent") console.error(`[routine ${run.routineId}] digest of run ${run.runId}: ${outcome.state}`);
  } catch (e) {
    console.error(`[routine ${run.routineId}] digest of run ${run.runId} not sent`, e);
  }
}
