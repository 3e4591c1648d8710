import { z } from "zod";
import { dateOf, type PeerConversation, type PeerMessage } from "./peer-doc";

/*
 * Claude's export (conversations.json): an array of conversations, each a linear list of
 * `chat_messages` from "human" or "assistant". A message's `content` blocks, when present, are
 * richer than its flat `text` (tool use and results), so they win; thinking is the model's own and
 * is skipped. Attachments carry their extracted text, which the model saw, so it comes along;
 * files (images) are only named, because the export does not hold their bytes.
 */

const blockSchema = z.looseObject({
  type: z.string(),
  text: z.string().nullish(),
  name: z.string().nullish(),
  input: z.unknown().optional(),
  content: z.unknown().optional(),
});

const messageSchema = z.looseObject({
  sender: z.string(),
  text: z.string().nullish(),
  content: z.array(blockSchema).nullish(),
  created_at: z.string().nullish(),
  attachments: z.array(z.looseObject({ file_name: z.string().nullish(), extracted_content: z.string().nullish() })).nullish(),
  files: z.array(z.looseObject({ file_name: z.string().nullish() })).nullish(),
});

export const claudeConversationSchema = z.looseObject({
  name: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  chat_messages: z.array(messageSchema),
});

export const claudeExportSchema = z.array(claudeConversationSchema);
type ClaudeMessage = z.infer<typeof messageSchema>;

export function claudeConversations(doc: z.infer<typeof claudeExportSchema>): PeerConversation[] {
  return doc.map((c) => ({
    title: c.name ?? null,
    createdAt: dateOf(c.created_at),
    updatedAt: dateOf(c.updated_at),
    messages: c.chat_messages.flatMap(peerMessage),
  }));
}

function peerMessage(m: ClaudeMessage): PeerMessage[] {
  if (m.sender !== "human" && m.sender !== "assistant") return [];
  const blocks = (m.content ?? []).map(blockText).filter((t) => t.trim() !== "");
  const pieces = [blocks.length > 0 ? blocks.join("\n\n") : (m.text ?? "")];
  for (const a of m.attachments ?? []) {
    const name = a.file_name || "a file";
    pieces.push(
      a.extracted_content
        ? `Attached ${name}:\n\n\`\`\`\n${a.extracted_content}\n\`\`\``
        : `[Attached ${name}; the export holds no text of it]`,
    );
  }
  for (const f of m.files ?? []) pieces.push(`[File ${f.file_name || "without a name"} was here; the export only references it]`);
  const text = pieces.filter((p) => p.trim() !== "").join("\n\n");
  return [{ role: m.sender === "human" ? "user" : "assistant", text, createdAt: dateOf(m.created_at) }];
}

function blockText(b: z.infer<typeof blockSchema>): string {
  switch (b.type) {
    case "text":
      return b.text ?? "";
    case "thinking":
      return "";
    case "tool_use":
      return `Called the tool ${b.name ?? "(unnamed)"} with:\n\n\`\`\`json\n${JSON.stringify(b.input ?? {}, null, 2)}\n\`\`\``;
    case "tool_result":
      return `Tool ${b.name ?? "output"} answered:\n\n${resultText(b.content)}`;
    default:
      return b.text ?? `[${b.type.replaceAll("_", " ")} content, not imported]`;
  }
}

/** A tool result's content: a string, or blocks of which the text ones are kept. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((c: unknown) =>
      c && typeof c === "object" && typeof (c as { text?: unknown }).text === "string" ? (c as { text: string }).text : "",
    )
    .filter(Boolean)
    .join("\n\n");
}
