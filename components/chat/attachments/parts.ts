import type { AttachmentRef, UploadedAttachment } from "@/lib/api";
import type { ChatMessage, ChatMessagePart } from "../types";

/** The part a sent message shows an attachment by until the server's copy (with its measures) replaces it. */
export function attachmentPart(a: UploadedAttachment): ChatMessagePart {
  return { type: "data-attachment", data: { path: a.path, mediaType: a.mediaType, size: a.size, textPath: a.textPath } };
}

/** A new message as the request carries it: its text parts, and its attachments by path (the server checks them). */
export function splitAttachments(message: ChatMessage): { message: ChatMessage; attachments: string[] } {
  const attachments: string[] = [];
  const parts: ChatMessagePart[] = [];
  for (const part of message.parts) {
    if (part.type === "data-attachment") attachments.push((part.data as AttachmentRef).path);
    else parts.push(part);
  }
  return { message: { ...message, parts }, attachments };
}
