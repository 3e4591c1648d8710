import { ChatShell } from "@/components/chat/chat-shell";
import { prefetchThread } from "./prefetch-thread";

// Not streamed behind a Suspense boundary: the newest messages are read (a few ms) and rendered
// with the frame, so the first paint shows them. A boundary that completes after its fallback has
// painted is revealed by React no sooner than 300 ms after that paint (its reveal throttle, $RT in
// react-dom's Fizz runtime), which held the newest message back by 300 ms on every open.
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ChatShell threadId={id} prefetched={await prefetchThread(id)} />;
}
