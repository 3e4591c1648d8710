import type { Transporter } from "nodemailer";
import { db } from "@/lib/db/client";
import { insertUnlessPresent } from "@/lib/db/unique-violation";
import { ProviderError, type ActionProvider, type ProviderCall } from "@/lib/actions/types";
import { messageIdFor } from "./message-id";
import { outboxRowData, prepareEmail } from "./outbox-row";

/*
 * SMTP through nodemailer. Honest capabilities: an SMTP server neither deduplicates by our key nor
 * can be asked what it delivered, so an unknown SMTP send always goes to a person. What we can do
 * is make a duplicate recognisable: the Message-ID is derived from the provider key, identical on
 * every attempt. Errors are sorted by what they prove:
 * - the server answered 4xx / 5xx: it did not take the message (retryable / permanent);
 * - no connection, DNS, TLS, auth, greeting: nothing was transmitted (retryable);
 * - anything else (timeout or dropped socket while sending): it may have been taken (unknown).
 */

const NOTHING_SENT = new Set(["ECONNECTION", "EDNS", "EAUTH", "ENOAUTH", "ETLS", "EREQUIRETLS", "EHLO", "ECONFIG", "EPROXY"]);

export type SmtpOptions = { socketTimeoutMs?: number };

function classifySmtpError(err: unknown): ProviderError {
  const e = (err ?? {}) as { code?: string; responseCode?: number; message?: string };
  const message = e.message ?? String(err);
  if (typeof e.responseCode === "number" && e.responseCode >= 400) {
    return new ProviderError(e.responseCode < 500 ? "retryable" : "permanent", `smtp_${e.responseCode}`, message);
  }
  // Not `command === "CONN"`: nodemailer reports a timeout while waiting for the DATA answer as
  // CONN too, and that message may well have been delivered.
  if (e.code && NOTHING_SENT.has(e.code)) return new ProviderError("retryable", `smtp_${(e.code ?? "conn").toLowerCase()}`, message);
  return new ProviderError("unknown", `smtp_${(e.code ?? "error").toLowerCase()}`, message);
}

export function createSmtpTransport(url: string, opts: SmtpOptions = {}): ActionProvider {
  const timeout = opts.socketTimeoutMs ?? 30_000;
  // nodemailer is loaded with the first send, so a server without SMTP_URL never holds its code.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: timeout }),
    ));
  return {
    name: "smtp",
    dedupPeriodMs: null,
    referenceFor: messageIdFor,
    async execute(request: unknown, call: ProviderCall) {
      const prepared = prepareEmail(request, call);
      const { email, messageId, html, text } = prepared;
      let info: { messageId?: string; response?: string; accepted?: unknown[] };
      try {
        info = await (await connect()).sendMail({ from: email.from, to: email.to, subject: email.subject, text, html, messageId });
      } catch (err) {
        throw classifySmtpError(err);
      }
      // What the server accepted, for the outbox view. A unique Message-ID (send again by a
      // person) keeps the first row.
      await insertUnlessPresent(db().outboxMessage.create({ data: outboxRowData(prepared, call, "smtp") }));
      return { resultId: messageId, result: { transport: "smtp", messageId, response: info.response ?? null } };
    },
  };
}
