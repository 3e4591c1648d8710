import { AccountShell } from "@/components/account/account-shell";
import { ForgotPasswordForm } from "@/components/account/forgot-password-form";
import { outboxPageOpen } from "@/lib/email/outbox-page";

// caller: public — an empty form: the reset request goes through better-auth's route, which answers alike for every email.

export default function ForgotPasswordPage() {
  return (
    <AccountShell title="Forgot your password?">
      <ForgotPasswordForm outboxPage={outboxPageOpen()} />
    </AccountShell>
  );
}
