import crypto from "node:crypto";
import { performAction } from "@/lib/actions/perform";
import { config } from "@/lib/config";
import type { EmailRequest } from "./email-request";
import { emailTransport } from "./transport";

export type AccountMail = { userId: string; to: string; subject: string; text: string; kind: string };

/**
 * Account mail (verification, password reset) through the same transport and ledger as the
 * agent's mail: the local outbox by default, SMTP with SMTP_URL. The agent's allow-list does not
 * apply (these go to the person who asked, by definition). The key is the mail's own content, so a
 * retried request never sends the same link twice.
 */
export async function sendAccountMail(mail: AccountMail): Promise<void> {
  const request: EmailRequest = { from: config().EMAIL_FROM, to: mail.to.trim(), subject: mail.subject, body: mail.text };
  const digest = crypto.createHash("sha256").update(`${mail.to}\n${mail.text}`).digest("hex").slice(0, 32);
  const outcome = await performAction(
    {
      scope: `account:${mail.userId}`,
      key: `${mail.kind}:${digest}`,
      type: "send_email",
      userId: mail.userId,
      threadId: null,
      runId: null,
      stepId: null,
      request,
    },
    emailTransport(),
  );
  if (outcome.state !== "sent") console.error(`[account mail] ${mail.kind} not sent: ${outcome.state}`);
}
