import { DefaultChatTransport } from "ai";
import type { ChatMessage } from "./types";

/**
 * The server owns the history: a request carries only the new user message, or which assistant
 * reply to regenerate. The chat id is the thread id.
 */
export function createChatTransport() {
  return new DefaultChatTransport<ChatMessage>({
    api: "/api/chat",
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => ({
      body: trigger === "regenerate-message" ? { id, trigger, messageId } : { id, message: messages[messages.length - 1] },
    }),
  });
}
