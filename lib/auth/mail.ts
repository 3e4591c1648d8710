import { sendAccountMail } from "@/lib/email/account-mail";

/*
 * Account mail (verification, password reset) goes through the app's email transport and ledger
 * (lib/email: the local outbox by default, SMTP with SMTP_URL).
 */

type AuthMail = { userId: string; to: string; subject: string; text: string; kind: "verify-email" | "reset-password" };

export const sendAuthMail = (mail: AuthMail): Promise<void> => sendAccountMail(mail);
