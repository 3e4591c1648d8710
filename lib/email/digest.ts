import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { ActionOutcome } from "@/lib/actions/types";
import { runActionKey } from "@/lib/actions/keys";
import { sendEmailAction } from "./send";

/**
 * A routine run's end-of-run digest, to the person's own address (EMAIL_TO), keyed
 * run_<runId>:send_digest: however often the run's end is retried, one digest goes out.
 * `scope` is the caller's (e.g. "routine:<id>"); `threadId` links it to the run's thread if any.
 */
export async function sendDigestEmail(input: {
  userId: string;
  scope: string;
  runId: string;
  subject: string;
  body: string;
  threadId?: string | null;
}): Promise<ActionOutcome> {
  const to = config().EMAIL_TO;
  if (!to) throw new AppError("model_config", "EMAIL_TO is not set: a digest has no recipient.");
  return sendEmailAction({
    userId: input.userId,
    threadId: input.threadId ?? null,
    scope: input.scope,
    key: runActionKey(input.runId, "send_digest"),
    runId: input.runId,
    type: "send_digest",
    to,
    subject: input.subject,
    body: input.body,
  });
}
