import { ChatShell } from "@/components/chat/chat-shell";

export default function HomePage() {
  return <ChatShell threadId={null} />;
}
