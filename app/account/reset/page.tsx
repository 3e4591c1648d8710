import { AccountShell } from "@/components/account/account-shell";
import { ResetPasswordForm } from "@/components/account/reset-password-form";

// caller: public — the form a reset link lands on; the token in the address is the only credential, checked by better-auth's route.

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string; error?: string }> }) {
  const { token, error } = await searchParams;
  // better-auth sends a dead link here with ?error=INVALID_TOKEN instead of a token.
  return (
    <AccountShell title="Choose a new password">
      <ResetPasswordForm token={!error && typeof token === "string" && token ? token : null} />
    </AccountShell>
  );
}
