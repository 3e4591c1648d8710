"use client";

import { useViewer } from "./viewer";

/** The sidebar's way to the account page: who is signed in, or what a guest can do there. */
export function AccountLink() {
  const viewer = useViewer();
  return (
    <a
      href="/account"
      data-testid="account-link"
      data-signed-in={viewer.kind === "account"}
      className="truncate border-t border-neutral-200 px-3 py-2 text-xs text-blue-700 hover:underline"
    >
      {viewer.kind === "account" ? (
        <>
          Signed in as <span data-testid="account-link-email">{viewer.email}</span>
        </>
      ) : (
        "Account · save your work or sign in"
      )}
    </a>
  );
}
