import type { ProviderCall } from "@/lib/actions/types";
import { emailRequestSchema } from "./email-request";
import { messageIdFor } from "./message-id";
import { renderEmailBody } from "./render";

/** A frozen email request made ready to send: its Message-ID comes from the ledger's provider key. */
export function prepareEmail(request: unknown, call: ProviderCall) {
  const email = emailRequestSchema.parse(request);
  return { email, messageId: messageIdFor(call.providerKey), ...renderEmailBody(email.body) };
}

/** The OutboxMessage row of a message, whichever transport took it. */
export function outboxRowData(prepared: ReturnType<typeof prepareEmail>, call: ProviderCall, transport: "outbox" | "smtp") {
  const { email, messageId, text, html } = prepared;
  return {
    messageId,
    transport,
    userId: call.userId,
    threadId: call.threadId,
    scope: call.scope,
    actionKey: call.key,
    from: email.from,
    to: email.to,
    subject: email.subject,
    text,
    html,
  };
}
