import { ChatShell } from "@/components/chat/chat-shell";

// caller: public — a shell without data: the chat list loads in the browser through the API, which resolves the caller.

export default function HomePage() {
  return <ChatShell threadId={null} />;
}
