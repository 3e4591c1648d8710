/*
 * Account mail (verification, password reset) goes through one injectable sender, so the app's
 * email transport (lib/email, the local outbox by default) can be plugged in at start-up with
 * setAuthMailer(). Until then the default only notes on the server log that a mail was due; it
 * never logs the link, which carries a secret token.
 */

export type AuthMail = { to: string; subject: string; text: string; kind: "verify-email" | "reset-password" };
export type AuthMailer = (mail: AuthMail) => Promise<void>;

const defaultMailer: AuthMailer = async (mail) => {
  console.info(`[auth mail] ${mail.kind} for ${mail.to} not sent: no mail transport is wired (setAuthMailer).`);
};

let current: AuthMailer = defaultMailer;

export function setAuthMailer(mailer: AuthMailer | null): void {
  current = mailer ?? defaultMailer;
}

export const sendAuthMail = (mail: AuthMail) => current(mail);
