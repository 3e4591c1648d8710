"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/components/api/api-error";
import { authApi } from "@/components/api/auth-client";
import { getQueryClient } from "@/components/api/query-client";
import { authErrorWords } from "./auth-error-words";
import { newPasswordOf, NewPasswordFields } from "./password-field";

/**
 * The page a reset mail's link lands on: a new password, twice, then this browser is signed in
 * (every other session was signed out) and goes to the account page. A link that better-auth
 * already found dead (`token` null) gets the way to ask for a new one instead of a form.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dead, setDead] = useState(token === null);

  if (dead || !token) {
    return (
      <div className="flex flex-col gap-2" data-testid="reset-link-dead">
        <Alert>{authErrorWords(new ApiError("", 400, "INVALID_TOKEN"))}</Alert>
        <Link href="/account/forgot" className="text-sm text-blue-700 underline">
          Ask for a new link
        </Link>
      </div>
    );
  }

  const liveToken = token;
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await authApi.resetPassword(liveToken, newPasswordOf(new FormData(e.currentTarget)));
      // Signed in now: whatever was cached belonged to the browser's previous caller.
      getQueryClient().clear();
      router.replace("/account?done=password-reset");
      router.refresh();
    } catch (err) {
      if (err instanceof ApiError && err.code === "INVALID_TOKEN") setDead(true);
      setError(authErrorWords(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid="reset-password" className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4">
      <p className="text-xs text-neutral-600">Choose a new password. You are signed in with it here, and signed out everywhere else.</p>
      <NewPasswordFields />
      {error && <Alert data-testid="reset-password-error">{error}</Alert>}
      <Button type="submit" variant="primary" disabled={busy}>
        Set new password and sign in
      </Button>
    </form>
  );
}
