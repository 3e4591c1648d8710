import { DefaultChatTransport } from "ai";
import { splitAttachments } from "./attachments/parts";
import type { ChatMessage } from "./types";

/**
 * The server owns the history: a request carries only the new user message, or which assistant
 * reply to regenerate. The chat id is the thread id.
 */
export function createChatTransport() {
  return new DefaultChatTransport<ChatMessage>({
    api: "/api/chat",
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => {
      if (trigger === "regenerate-message") return { body: { id, trigger, messageId } };
      const { message, attachments } = splitAttachments(messages[messages.length - 1]);
      return { body: attachments.length > 0 ? { id, message, attachments } : { id, message } };
    },
  });
}
