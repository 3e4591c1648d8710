"use client";

import { Button } from "@/components/ui/button";
import type { Me, SessionInfo } from "@/components/api/auth-client";
import type { GuestWork } from "@/lib/api";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccount } from "./delete-account";
import { KeptApartNotice } from "./kept-apart-notice";
import { McpServers } from "./mcp-servers";
import { SessionList } from "./session-list";

/** The account page of a signed-in person: who, guest work kept apart, sessions, password, sign-out, deletion. */
export function SignedInView({
  me,
  sessions,
  work,
  moving,
  onMove,
  onRevoke,
  onPasswordChanged,
  onSignOut,
  onDeleted,
}: {
  me: NonNullable<Me>;
  sessions: SessionInfo[];
  work: GuestWork | null;
  moving: boolean;
  onMove: () => void;
  onRevoke: (token: string) => Promise<void>;
  onPasswordChanged: () => Promise<void>;
  onSignOut: () => void;
  onDeleted: () => Promise<void>;
}) {
  return (
    <>
      <p className="text-sm">
        Signed in as <strong data-testid="account-email">{me.user.email}</strong>
        {!me.user.emailVerified && <span className="ml-2 text-xs text-neutral-600">(email not confirmed yet)</span>}
      </p>
      {work && <KeptApartNotice work={work} busy={moving} onMove={onMove} />}
      <SessionList sessions={sessions} currentToken={me.session.token} onRevoke={onRevoke} />
      <div>
        <Button onClick={onSignOut} data-testid="sign-out">
          Sign out
        </Button>
      </div>
      <McpServers />
      <ChangePasswordForm onChanged={onPasswordChanged} />
      <DeleteAccount email={me.user.email} onDeleted={onDeleted} />
    </>
  );
}
