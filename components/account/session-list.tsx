"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import type { SessionInfo } from "@/components/api/auth-client";
import { deviceName } from "./device-name";

const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : null);

/**
 * Where this account is signed in, each session named by its browser and device; this browser's
 * is marked, any other can be signed out from here. A signed-out row leaves the list, so focus
 * goes to the list's heading instead of being lost.
 */
export function SessionList({
  sessions,
  currentToken,
  onRevoke,
}: {
  sessions: SessionInfo[];
  currentToken: string;
  onRevoke: (token: string) => Promise<void>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const revoke = async (token: string) => {
    await onRevoke(token);
    heading.current?.focus();
  };
  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-2">
      <h2 id="sessions-heading" ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
        Where you are signed in
      </h2>
      <ul data-testid="session-list" className="flex flex-col gap-1">
        {sessions.map((s) => {
          const current = s.token === currentToken;
          const name = deviceName(s.userAgent);
          const lastActive = when(s.updatedAt);
          return (
            <li
              key={s.id}
              data-testid="session-item"
              data-current={current}
              className="flex items-center justify-between gap-2 rounded border border-neutral-200 px-2 py-1.5 text-xs"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium" data-testid="session-device">
                  {name}
                  {current && <span className="ml-2 rounded bg-neutral-100 px-1.5 py-0.5 text-[11px] text-neutral-700">This browser</span>}
                </span>
                <span className="text-neutral-600">
                  Signed in {when(s.createdAt)}
                  {lastActive && lastActive !== when(s.createdAt) && ` · last active ${lastActive}`}
                  {s.ipAddress ? ` · from ${s.ipAddress}` : ""}
                </span>
              </span>
              {!current && (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => void revoke(s.token)}
                  aria-label={`Sign out ${name}`}
                  data-testid="revoke-session"
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
