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
 * - the message's data never reached its end (the terminating dot): no server can have taken it,
 *   whatever broke (no connection, DNS, TLS, auth, a hang-up) (retryable; a bad envelope permanent);
 * - anything after the data went out (timeout, reset or clean close while waiting for the answer):
 *   it may have been taken (unknown).
 * The error code cannot tell the last two apart (nodemailer reports a close before the greeting and
 * one after the data both as ECONNECTION), so the send watches nodemailer's own log for the end of
 * the message's data.
 */

export type SmtpOptions = { socketTimeoutMs?: number };

function classifySmtpError(err: unknown, dataSent: boolean): ProviderError {
  const e = (err ?? {}) as { code?: string; responseCode?: number; message?: string };
  const message = e.message ?? String(err);
  const code = `smtp_${(e.code ?? "error").toLowerCase()}`;
  if (typeof e.responseCode === "number" && e.responseCode >= 400) {
    return new ProviderError(e.responseCode < 500 ? "retryable" : "permanent", `smtp_${e.responseCode}`, message);
  }
  if (dataSent) return new ProviderError("unknown", code, message);
  return new ProviderError(e.code === "EENVELOPE" ? "permanent" : "retryable", code, message);
}

type LogEntry = { tnx?: string } | string | undefined;

/** A nodemailer logger that only notices the end of the message's data (logged once, at info). */
function dataWatch() {
  const watch = { sent: false, logger: {} as Record<string, (entry: LogEntry, ...rest: unknown[]) => void> };
  const ignore = () => {};
  for (const level of ["trace", "debug", "warn", "error", "fatal"]) watch.logger[level] = ignore;
  watch.logger.info = (entry) => {
    if (typeof entry === "object" && entry?.tnx === "message") watch.sent = true;
  };
  return watch;
}

export function createSmtpTransport(url: string, opts: SmtpOptions = {}): ActionProvider {
  const timeout = opts.socketTimeoutMs ?? 30_000;
  // nodemailer is loaded with the first send, so a server without SMTP_URL never holds its code.
  // One transporter per send (no pool: each send opens its own connection anyway), so the data
  // watch belongs to this send alone.
  const connect = async (logger: ReturnType<typeof dataWatch>["logger"]): Promise<Transporter> => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: timeout, logger });
  };
  return {
    name: "smtp",
    dedupPeriodMs: null,
    referenceFor: messageIdFor,
    async execute(request: unknown, call: ProviderCall) {
      const prepared = prepareEmail(request, call);
      const { email, messageId, html, text } = prepared;
      let info: { messageId?: string; response?: string; accepted?: unknown[] };
      const watch = dataWatch();
      try {
        info = await (
          await connect(watch.logger)
        ).sendMail({ from: email.from, to: email.to, subject: email.subject, text, html, messageId });
      } catch (err) {
        throw classifySmtpError(err, watch.sent);
      }
      // What the server accepted, for the outbox view. A unique Message-ID (send again by a
      // person) keeps the first row.
      await insertUnlessPresent(db().outboxMessage.create({ data: outboxRowData(prepared, call, "smtp") }));
      return { resultId: messageId, result: { transport: "smtp", messageId, response: info.response ?? null } };
    },
  };
}
