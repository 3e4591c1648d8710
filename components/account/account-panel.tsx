"use client";

import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authApi, type Me, type SessionInfo } from "@/components/api/auth-client";
import { CredentialsForm } from "./credentials-form";
import { SessionList } from "./session-list";

/**
 * The account page: a guest saves their work (the new account keeps every thread) or signs in;
 * a signed-in person sees where they are signed in, revokes sessions and signs out.
 */
export function AccountPanel() {
  const [me, setMe] = useState<Me | undefined>(undefined);
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const current = await authApi.me();
      setMe(current);
      setSessions(current ? await authApi.sessions() : []);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not load your account.");
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const act = (fn: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Something went wrong.");
    }
    await refresh();
  };

  // Form errors are shown by the form itself, so these rethrow.
  const andRefresh = (fn: (email: string, password: string) => Promise<unknown>) => async (email: string, password: string) => {
    await fn(email, password);
    await refresh();
  };

  if (me === undefined) return <Spinner label="Loading your account" />;
  return (
    <div className="flex flex-col gap-4" data-testid="account-panel" data-signed-in={me !== null}>
      {error && <Alert data-testid="account-error">{error}</Alert>}
      {me ? (
        <>
          <p className="text-sm">
            Signed in as <strong data-testid="account-email">{me.user.email}</strong>
            {!me.user.emailVerified && <span className="ml-2 text-xs text-neutral-500">(email not confirmed yet)</span>}
          </p>
          <h2 className="text-sm font-semibold">Where you are signed in</h2>
          <SessionList sessions={sessions} currentToken={me.session.token} onRevoke={(token) => void act(() => authApi.revoke(token))()} />
          <div>
            <Button onClick={act(() => authApi.signOut())} data-testid="sign-out">
              Sign out
            </Button>
          </div>
        </>
      ) : (
        <>
          <CredentialsForm
            title="Save your work"
            hint="You are a guest: your chats live in this browser only. Create an account to keep every chat and file and open them anywhere."
            submitLabel="Save your work"
            testId="save-work"
            onSubmit={andRefresh(authApi.saveWork)}
          />
          <CredentialsForm
            title="Sign in"
            hint="Already saved your work? Sign in to get it back."
            submitLabel="Sign in"
            testId="sign-in"
            onSubmit={andRefresh(authApi.signIn)}
          />
        </>
      )}
    </div>
  );
}
