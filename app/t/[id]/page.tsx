import { ChatShell } from "@/components/chat/chat-shell";

// Data is fetched in the browser: the API creates the session cookie, so a server render here
// could not know whose thread this is on a first visit.
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ChatShell threadId={id} />;
}
