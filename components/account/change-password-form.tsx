"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { authApi } from "@/components/api/auth-client";
import { authErrorWords } from "./auth-error-words";
import { newPasswordOf, NewPasswordFields, PasswordField } from "./password-field";

/** Changes the password with the current one; every other session is signed out (the server insists). */
export function ChangePasswordForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await authApi.changePassword(String(form.get("currentPassword")), newPasswordOf(form));
      formEl.reset();
      setDone(true);
      await onChanged();
    } catch (err) {
      setError(authErrorWords(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid="change-password" className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4">
      <h2 className="text-sm font-semibold">Change password</h2>
      <p className="text-xs text-neutral-600">Every other browser signed in to this account is signed out; this one stays.</p>
      <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" />
      <NewPasswordFields />
      {error && <Alert data-testid="change-password-error">{error}</Alert>}
      <p role="status" className="text-xs text-green-800 empty:hidden" data-testid="change-password-done">
        {done ? "Password changed. Every other session is signed out." : ""}
      </p>
      <Button type="submit" variant="primary" disabled={busy}>
        Change password
      </Button>
    </form>
  );
}
