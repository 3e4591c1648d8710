"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { authApi } from "@/components/api/auth-client";
import { authErrorWords } from "./auth-error-words";
import { SendAgainCountdown } from "./send-again-countdown";

/**
 * Asks for a reset link. The answer is the same whether or not the email has an account (README,
 * "Accounts and their limits"), so the page says what happens if it does. In development the mail
 * is read on the outbox page, which `outboxPage` says is open.
 */
export function ForgotPasswordForm({ outboxPage }: { outboxPage: boolean }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  // Focus moves to what happened once it is on screen (the form itself stays for another link).
  useEffect(() => {
    if (sentTo) status.current?.focus();
  }, [sentTo]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email")).trim();
    setBusy(true);
    setError(null);
    try {
      await authApi.requestReset(email);
      setSentTo(email);
    } catch (err) {
      setError(authErrorWords(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid="forgot-password" className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4">
      <p className="text-xs text-neutral-600">
        Type the email of your account: we send it a link to choose a new password. The link works once, within an hour.
      </p>
      <label className="flex flex-col gap-1 text-xs">
        Email
        <input name="email" type="email" required autoComplete="username" className="rounded border border-neutral-300 px-2 py-1 text-sm" />
      </label>
      {error && (
        <Alert data-testid="forgot-password-error">
          <SendAgainCountdown text={error} />
        </Alert>
      )}
      <div ref={status} tabIndex={-1} role="status" className="text-sm outline-none empty:hidden" data-testid="forgot-password-sent">
        {sentTo && (
          <>
            If an account uses <strong>{sentTo}</strong>, a link is on its way to it.
            {outboxPage && (
              <>
                {" "}
                This server keeps mail in its outbox for development: read it on the{" "}
                <Link href="/outbox" className="text-blue-700 underline" data-testid="outbox-link">
                  outbox page
                </Link>
                .
              </>
            )}
          </>
        )}
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        {sentTo ? "Send another link" : "Send reset link"}
      </Button>
      <Link href="/account" className="text-xs text-blue-700 hover:underline">
        Back to sign in
      </Link>
    </form>
  );
}
