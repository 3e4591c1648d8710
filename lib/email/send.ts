import { config } from "@/lib/config";
import { performAction } from "@/lib/actions/perform";
import type { ActionOutcome, ActionProvider } from "@/lib/actions/types";
import { recipientRefusal } from "./allow-list";
import type { EmailRequest } from "./email-request";
import { emailTransport } from "./transport";

export type EmailAction = {
  userId: string;
  threadId: string | null;
  scope: string;
  key: string;
  runId: string | null;
  stepId?: string | null;
  type?: "send_email" | "send_digest";
  to: string;
  subject: string;
  body: string;
};

/**
 * Sends one email through the ledger. The request (sender included) is frozen on the first claim;
 * a recipient outside the allow-list is recorded as refused (journaled) and nothing is sent.
 */
export async function sendEmailAction(a: EmailAction, transport: ActionProvider = emailTransport()): Promise<ActionOutcome> {
  const cfg = config();
  const request: EmailRequest = { from: cfg.EMAIL_FROM, to: a.to.trim(), subject: a.subject.trim(), body: a.body };
  const refused = recipientRefusal(request.to, { transport: transport.name, emailTo: cfg.EMAIL_TO, allowedTo: cfg.EMAIL_ALLOWED_TO });
  return performAction(
    {
      scope: a.scope,
      key: a.key,
      type: a.type ?? "send_email",
      userId: a.userId,
      threadId: a.threadId,
      runId: a.runId,
      stepId: a.stepId ?? null,
      request,
    },
    transport,
    refused ? { refusal: { code: "recipient_not_allowed", message: refused } } : {},
  );
}
