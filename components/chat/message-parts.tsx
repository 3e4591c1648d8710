import type { AttachmentRef } from "@/lib/api";
import { AttachmentView } from "./attachments/attachment-view";
import { Markdown } from "./markdown";
import { ToolCard } from "./tool-card";
import { isToolPart } from "./tool-part";
import type { ChatMessage } from "./types";

/** The visible content of one message, part by part, in the order the model produced it. */
export function MessageParts({ message }: { message: ChatMessage }) {
  return (
    <>
      {message.parts.map((part, i) => {
        if (part.type === "text") {
          if (!part.text) return null;
          // The person's text renders like a reply (same safe renderer: no raw HTML); the editor
          // still gets the stored text, fences and all.
          return <Markdown key={i} text={part.text} cacheKey={`${message.id}:${i}`} />;
        }
        if (part.type === "reasoning" && part.text) {
          return (
            <details key={i} className="my-2 text-sm text-neutral-600">
              <summary className="cursor-pointer select-none text-xs text-neutral-500">Reasoning</summary>
              <p className="mt-1 whitespace-pre-wrap border-l-2 border-neutral-200 pl-3">{part.text}</p>
            </details>
          );
        }
        if (isToolPart(part)) return <ToolCard key={i} part={part} />;
        if (part.type === "file") {
          return (
            <a key={i} href={part.url} target="_blank" rel="noreferrer noopener" className="my-1 block text-sm text-blue-700 underline">
              {part.filename ?? part.mediaType}
            </a>
          );
        }
        if (part.type === "data-attachment") return <AttachmentView key={i} attachment={part.data as AttachmentRef} />;
        return null; // step boundaries, sources and other data parts carry nothing to read
      })}
    </>
  );
}
