"use client";

import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { authApi } from "@/components/api/auth-client";
import { authErrorWords } from "./auth-error-words";
import { PasswordField } from "./password-field";

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Deletes the account and everything it owns, after the person types the account's email (so a
 * stray click or Enter cannot do it) and the password. Cancel returns focus to the button that
 * opened the dialog; a deletion hands the page to `onDeleted`, which says it happened.
 */
export function DeleteAccount({ email, onDeleted }: { email: string; onDeleted: () => Promise<void> }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmed = sameEmail(typed, email);

  const close = () => {
    setOpen(false);
    setTyped("");
    setError(null);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!confirmed) return;
    setBusy(true);
    setError(null);
    try {
      await authApi.deleteAccount(String(new FormData(e.currentTarget).get("password")));
      setOpen(false);
      await onDeleted();
    } catch (err) {
      setError(authErrorWords(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${titleId}-section`} className="flex flex-col gap-2 rounded-lg border border-red-300 p-4">
      <h2 id={`${titleId}-section`} className="text-sm font-semibold">
        Delete account
      </h2>
      <p className="text-xs text-neutral-600">
        Deletes the account and everything in it: every chat and its messages, summaries and pins, every workspace file and its versions,
        routines, actions and mail. It cannot be undone.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
          Delete account…
        </Button>
      </div>
      <ModalDialog open={open} title="Delete your account?" titleId={titleId} onCancel={close} testId="delete-account-dialog">
        <form onSubmit={submit} className="mt-2 flex flex-col gap-3">
          <p className="text-sm text-neutral-700">
            Everything in <strong>{email}</strong> is deleted for good, on every device.
          </p>
          <label className="flex flex-col gap-1 text-xs">
            Type your email to confirm
            <input
              name="confirm"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
              className="rounded border border-neutral-300 px-2 py-1 text-sm"
              data-testid="delete-confirm"
            />
          </label>
          <PasswordField label="Password" name="password" autoComplete="current-password" />
          {error && <Alert data-testid="delete-account-error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={!confirmed || busy} data-testid="delete-account-confirm">
              Delete forever
            </Button>
          </div>
        </form>
      </ModalDialog>
    </section>
  );
}
