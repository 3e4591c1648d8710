import { ChatShell } from "@/components/chat/chat-shell";
import { prefetchThread } from "./prefetch-thread";

// The newest page of messages is rendered on the server (see prefetchThread), so the reply the
// person came back for is in the first HTML instead of after hydration and two requests.
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ChatShell threadId={id} prefetched={await prefetchThread(id)} />;
}
