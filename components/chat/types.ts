import type { UIMessage } from "ai";
import type { ApiMessage, AttachmentRef, MessageStatus, MessageVersions, TurnData } from "@/lib/api";

/** What the server stored about a message; absent on messages still streaming in this tab. */
export type ChatMessageMeta = {
  seq: number;
  status: MessageStatus;
  error: string | null;
  errorCode: string | null;
  tokens: number;
  createdAt: string;
  /** Which version of its message this is, when it has others (`< k / n >`). */
  versions?: MessageVersions;
};

/** A message as the chat (AI SDK) holds it; `data-turn` is the transient part that ends a turn, `data-attachment` a file the person attached. */
export type ChatMessage = UIMessage<ChatMessageMeta, { turn: TurnData; attachment: AttachmentRef }>;
export type ChatMessagePart = ChatMessage["parts"][number];

export function toChatMessage(m: ApiMessage): ChatMessage {
  return {
    id: m.id,
    role: m.role,
    parts: m.parts as ChatMessagePart[],
    metadata: {
      seq: m.seq,
      status: m.status,
      error: m.error,
      // A server from before issue 8 sends no errorCode.
      errorCode: m.errorCode ?? null,
      tokens: m.tokens,
      createdAt: m.createdAt,
      ...(m.versions ? { versions: m.versions } : {}),
    },
  };
}
