"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { authApi, type Me, type SessionInfo } from "@/components/api/auth-client";
import { getQueryClient } from "@/components/api/query-client";
import type { GuestWork } from "@/lib/api";
import { CredentialsForm } from "./credentials-form";
import { describeGuestWork, hasGuestWork } from "./guest-work-words";
import { SignInChoice, type GuestWorkChoice } from "./sign-in-choice";
import { SignedInView } from "./signed-in-view";
import { YourData } from "./your-data";

/**
 * The account page: a guest saves their work (the new account keeps every thread) or signs in,
 * told first what happens to the guest's work (moved in, or kept apart); a signed-in person sees
 * where they are signed in, any guest work kept apart, revokes sessions, changes the password,
 * signs out or deletes the account. `guestWork` is rendered on the server for this browser's guest
 * (lib/auth/guest-work.ts); `passwordReset`: this browser just set a new password from a reset link.
 */
export function AccountPanel({ guestWork, passwordReset }: { guestWork: GuestWork | null; passwordReset: boolean }) {
  const router = useRouter();
  const [me, setMe] = useState<Me | undefined>(undefined);
  const [sessions, setSessions] = useState<SessionInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<GuestWorkChoice>("move");
  const [moving, setMoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(
    passwordReset ? "Your new password is set and this browser is signed in. Every other session was signed out." : null,
  );
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Counts the notices that take focus: focused once the notice is on screen, not in a frame that
  // may come before React has committed it (the paragraph is hidden while empty).
  const [noticeFocus, setNoticeFocus] = useState(0);
  useEffect(() => {
    if (noticeFocus > 0) noticeRef.current?.focus();
  }, [noticeFocus]);
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

  // The notice is said once: a reload of the page must not repeat it.
  useEffect(() => {
    if (passwordReset) router.replace("/account", { scroll: false });
  }, [passwordReset, router]);

  // The caller changed: the server-rendered parts (the sidebar's name, this page's guest work) and
  // every cached list belonged to the previous one.
  const callerChanged = async () => {
    getQueryClient().clear();
    router.refresh();
    await refresh();
  };

  const act = (fn: () => Promise<unknown>) => async () => {
    setError(null);
    setNotice(null);
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

  // The page the deleted account was on is now a guest's: say so where focus lands.
  const deleted = async () => {
    await callerChanged();
    setNotice("Your account and everything in it are deleted.");
    setNoticeFocus((n) => n + 1);
  };

  if (me === undefined) return <Spinner label="Loading your account" />;
  return (
    <div className="flex flex-col gap-4" data-testid="account-panel" data-signed-in={me !== null}>
      {error && <Alert data-testid="account-error">{error}</Alert>}
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className="text-sm text-green-800 outline-none empty:hidden"
        data-testid="account-notice"
      >
        {notice ?? ""}
      </p>
      {me ? (
        <SignedInView
          me={me}
          sessions={sessions}
          work={work}
          moving={moving}
          onMove={act(moveWork)}
          onRevoke={(token) => act(() => authApi.revoke(token))()}
          onPasswordChanged={refresh}
          onSignOut={act(() => authApi.signOut())}
          onDeleted={deleted}
        />
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
          <Link href="/account/forgot" className="-mt-2 text-xs text-blue-700 hover:underline" data-testid="forgot-password-link">
            Forgot your password?
          </Link>
        </>
      )}
      <YourData />
    </div>
  );
}
