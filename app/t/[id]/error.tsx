"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";

/**
 * The thread page when reading the thread failed for a reason other than "no such thread" (the
 * database unreachable, say). The server logged the error; its digest ties this page to that line.
 * A missing or another person's thread is not an error: the page shows "Chat not found".
 */
export default function ThreadPageError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <div role="alert" data-testid="thread-error" className="flex h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-xl font-semibold text-neutral-900">Something went wrong</h1>
      <p className="max-w-sm text-sm text-neutral-500">This chat could not be loaded just now. Nothing you sent was lost.</p>
      <div className="flex items-center gap-3">
        <Button variant="primary" onClick={() => retry()}>
          Try again
        </Button>
        <Link href="/" className="text-sm font-medium text-blue-700 underline underline-offset-2">
          Back to your chats
        </Link>
      </div>
      {digest && <p className="text-xs text-neutral-400">Reference {digest}</p>}
    </div>
  );
}
