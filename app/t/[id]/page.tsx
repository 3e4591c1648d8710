import { Suspense } from "react";
import { ChatShell } from "@/components/chat/chat-shell";
import { ThreadPageShell } from "@/components/chat/thread-page-shell";
import { yieldToEventLoop } from "@/lib/background/yield";
import { prefetchThread } from "./prefetch-thread";

// Streamed: the shell leaves at once (its first byte does not wait for the database or for any
// message to render), and the newest messages follow in the same response. They are rendered on
// the server (see prefetchThread), so the reply the person came back for is in the HTML instead of
// after hydration and two requests.
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<ThreadPageShell />}>
      <ThreadWithMessages id={id} />
    </Suspense>
  );
}

async function ThreadWithMessages({ id }: { id: string }) {
  // SQLite's driver answers within the same task: without one turn of the event loop here the
  // boundary would be complete before React sends anything, and the shell would wait for it.
  // One turn is not always enough for the shell to leave first (it passes through Flight, Fizz and
  // Next's streams, a turn each), but waiting ten turns cost more than it gave: the first byte came
  // sooner (41 to 28 ms in Chromium, p50 of 24, 20 messages), yet the newest message showed later
  // (248 to 454 ms at 2,000 messages), because the cached scripts ran between shell and messages.
  await yieldToEventLoop();
  return <ChatShell threadId={id} prefetched={await prefetchThread(id)} />;
}
