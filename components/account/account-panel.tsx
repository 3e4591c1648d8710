"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authApi, type Me, type SessionInfo } from "@/components/api/auth-client";
import { getQueryClient } from "@/components/api/query-client";
import type { GuestWork } from "@/lib/api";
import { CredentialsForm } from "./credentials-form";
import { describeGuestWork, hasGuestWork } from "./guest-work-words";
import { KeptApartNotice } from "./kept-apart-notice";
import { SessionList } from "./session-list";
import { SignInChoice, type GuestWorkChoice } from "./sign-in-choice";

/**
 * The account page: a guest saves their work (the new account keeps every thread) or signs in,
 * told first what happens to the guest's work (moved in, or kept apart); a signed-in person sees
 * where they are signed in, any guest work kept apart, revokes sessions and signs out.
 * `guestWork` is rendered on the server for this browser's guest (lib/auth/guest-work.ts).
 */
export function AccountPanel({ guestWork }: { guestWork: GuestWork | null }) {
  const router = useRouter();
  const [me, setMe] = useState<Me | undefined>(undefined);
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<GuestWorkChoice>("move");
  const [moving, setMoving] = useState(false);
  const work = hasGuestWork(guestWork) ? guestWork : null;

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

  // The caller changed: the server-rendered parts (the sidebar's name, this page's guest work) and
  // every cached list belonged to the previous one.
  const callerChanged = async () => {
    getQueryClient().clear();
    router.refresh();
    await refresh();
  };

  const act = (fn: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Something went wrong.");
    }
    await callerChanged();
  };

  const moveWork = async () => {
    setMoving(true);
    try {
      await authApi.moveGuestWork();
    } finally {
      setMoving(false);
    }
  };

  // Form errors are shown by the form itself, so these rethrow.
  const saveWork = async (email: string, password: string) => {
    await authApi.saveWork(email, password);
    await callerChanged();
  };
  const signIn = async (email: string, password: string) => {
    await authApi.signIn(email, password);
    if (work && choice === "move") {
      await moveWork().catch((e: unknown) =>
        setError(
          `Signed in, but your guest work could not be moved (${e instanceof Error ? e.message : "unknown error"}). It is kept apart; you can move it below.`,
        ),
      );
    }
    await callerChanged();
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
          {work && <KeptApartNotice work={work} busy={moving} onMove={act(moveWork)} />}
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
            kind="sign-up"
            title="Save your work"
            hint={
              work
                ? `You are a guest with ${describeGuestWork(work)}, kept in this browser only. Create an account and they become the account's, to open anywhere.`
                : "You are a guest: your chats live in this browser only. Create an account to keep every chat and file and open them anywhere."
            }
            submitLabel="Save your work"
            testId="save-work"
            onSubmit={saveWork}
          />
          <CredentialsForm
            kind="sign-in"
            title="Sign in"
            hint="Already have an account? Sign in to get your work back."
            submitLabel="Sign in"
            testId="sign-in"
            onSubmit={signIn}
          >
            {work && <SignInChoice work={work} choice={choice} onChange={setChoice} />}
          </CredentialsForm>
        </>
      )}
    </div>
  );
}
