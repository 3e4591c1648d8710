import { sendAccountMail } from "@/lib/email/account-mail";

/*
 * Account mail (verification, password reset) goes through the app's email transport and ledger
 * (lib/email: the local outbox by default, SMTP with SMTP_URL). Tests can substitute the sender
 * with setAuthMailer().
 */

export type AuthMail = { userId: string; to: string; subject: string; text: string; kind: "verify-email" | "reset-password" };
export type AuthMailer = (mail: AuthMail) => Promise<void>;

const defaultMailer: AuthMailer = sendAccountMail;

let current: AuthMailer = defaultMailer;

export function setAuthMailer(mailer: AuthMailer | null): void {
  current = mailer ?? defaultMailer;
}

export const sendAuthMail = (mail: AuthMail) => current(mail);
