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
  await yieldToEventLoop();
  return <ChatShell threadId={id} prefetched={await prefetchThread(id)} />;
}
