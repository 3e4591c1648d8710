import Link from "next/link";

/** Unknown, deleted, or another person's thread: the server does not tell which, and neither do we. */
export function ThreadNotFound() {
  return (
    <div data-testid="thread-not-found" className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-xl font-semibold text-neutral-900">Chat not found</h1>
      <p className="max-w-sm text-sm text-neutral-500">It may have been deleted, or it belongs to another session.</p>
      <Link href="/" className="text-sm font-medium text-blue-700 underline underline-offset-2">
        Back to your chats
      </Link>
    </div>
  );
}
