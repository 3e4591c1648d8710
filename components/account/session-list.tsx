"use client";

import { Button } from "@/components/ui/button";
import type { SessionInfo } from "@/components/api/auth-client";

/** Where this account is signed in; any session but this one can be revoked from here. */
export function SessionList({
  sessions,
  currentToken,
  onRevoke,
}: {
  sessions: SessionInfo[];
  currentToken: string;
  onRevoke: (token: string) => void;
}) {
  return (
    <ul data-testid="session-list" className="flex flex-col gap-1">
      {sessions.map((s) => {
        const current = s.token === currentToken;
        return (
          <li
            key={s.id}
            data-testid="session-item"
            data-current={current}
            className="flex items-center justify-between gap-2 rounded border border-neutral-200 px-2 py-1 text-xs"
          >
            <span className="min-w-0 truncate">
              {current ? "This browser" : (s.userAgent ?? "Unknown browser")} · since {new Date(s.createdAt).toLocaleString()}
            </span>
            {!current && (
              <Button size="sm" variant="danger" onClick={() => onRevoke(s.token)} data-testid="revoke-session">
                Revoke
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
