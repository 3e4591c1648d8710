"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Email + password, for both "Save your work" (sign-up) and "Sign in". The autocomplete tokens let
 * a password manager offer a new password on sign-up and the saved one on sign-in.
 */
export function CredentialsForm({
  kind,
  title,
  hint,
  submitLabel,
  testId,
  onSubmit,
  children,
}: {
  kind: "sign-up" | "sign-in";
  title: string;
  hint: ReactNode;
  submitLabel: string;
  testId: string;
  onSubmit: (email: string, password: string) => Promise<void>;
  /** Shown above the submit button (what happens to a guest's work). */
  children?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await onSubmit(String(form.get("email")), String(form.get("password")));
    } catch (err) {
      setError(err instanceof Error ? err.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid={testId} className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      <p className="text-xs text-neutral-600">{hint}</p>
      <label className="flex flex-col gap-1 text-xs">
        Email
        <input
          name="email"
          type="email"
          required
          autoComplete={kind === "sign-up" ? "email" : "username"}
          className="rounded border border-neutral-300 px-2 py-1 text-sm"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs">
        Password (at least 8 characters)
        <input
          name="password"
          type="password"
          required
          minLength={8}
          autoComplete={kind === "sign-up" ? "new-password" : "current-password"}
          className="rounded border border-neutral-300 px-2 py-1 text-sm"
        />
      </label>
      {children}
      {error && <Alert data-testid={`${testId}-error`}>{error}</Alert>}
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
