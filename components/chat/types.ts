import type { UIMessage } from "ai";

export type StoredStatus = "complete" | "stopped" | "error" | "streaming" | "interrupted";

/** What the server stored about a message; absent on messages still streaming in this tab. */
export type StoredMessageMeta = {
  seq: number;
  status: StoredStatus;
  error: string | null;
  tokens: number;
  createdAt: string;
};

export type ChatMessage = UIMessage<StoredMessageMeta>;
export type ChatMessagePart = ChatMessage["parts"][number];

/** One message as GET /api/threads/:id/messages returns it. */
export type StoredMessage = {
  id: string;
  seq: number;
  role: ChatMessage["role"];
  parts: ChatMessagePart[];
  text: string;
  tokens: number;
  status: StoredStatus;
  error: string | null;
  createdAt: string;
};

export type MessagePage = { messages: StoredMessage[]; nextCursor: string | null };

export type ThreadSummary = { id: string; title: string; createdAt: string; updatedAt: string };

export type ModelInfo = { id: string; isOffline: boolean; hint: string };

export function toChatMessage(m: StoredMessage): ChatMessage {
  return {
    id: m.id,
    role: m.role,
    parts: m.parts,
    metadata: { seq: m.seq, status: m.status, error: m.error, tokens: m.tokens, createdAt: m.createdAt },
  };
}
