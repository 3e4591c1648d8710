import { z } from "zod";
import { dateOf, type PeerConversation, type PeerMessage } from "./peer-doc";

/*
 * ChatGPT's export (conversations.json): an array of conversations whose messages form a tree
 * (`mapping`: id -> {message, parent, children}), because every edit or regeneration starts a
 * branch. What the person last saw is the path from `current_node` up to the root, so that branch
 * is imported and the others are left out. System messages and hidden context are the app's own
 * scaffolding and are skipped; tool calls, tool output and images the export only points at are
 * named in words, so the model and the person still see that they happened.
 */

const contentSchema = z.looseObject({
  content_type: z.string(),
  parts: z.array(z.unknown()).nullish(),
  text: z.string().nullish(),
  language: z.string().nullish(),
  result: z.string().nullish(),
});

const messageSchema = z.looseObject({
  author: z.looseObject({ role: z.string(), name: z.string().nullish() }),
  content: contentSchema.nullish(),
  create_time: z.number().nullish(),
  recipient: z.string().nullish(),
  metadata: z.looseObject({ is_visually_hidden_from_conversation: z.boolean().nullish() }).nullish(),
});

const nodeSchema = z.looseObject({
  message: messageSchema.nullish(),
  parent: z.string().nullish(),
  children: z.array(z.string()).nullish(),
});

export const chatGptConversationSchema = z.looseObject({
  title: z.string().nullish(),
  create_time: z.number().nullish(),
  update_time: z.number().nullish(),
  mapping: z.record(z.string(), nodeSchema),
  current_node: z.string().nullish(),
});

export const chatGptExportSchema = z.array(chatGptConversationSchema);
type Conversation = z.infer<typeof chatGptConversationSchema>;
type Node = z.infer<typeof nodeSchema>;
type ChatGptMessage = z.infer<typeof messageSchema>;

// Model-side context the person never saw in the conversation.
const SKIPPED_CONTENT = new Set(["thoughts", "reasoning_recap", "model_editable_context", "user_editable_context"]);

export function chatGptConversations(doc: z.infer<typeof chatGptExportSchema>): PeerConversation[] {
  return doc.map((c) => ({
    title: c.title ?? null,
    createdAt: dateOf(c.create_time),
    updatedAt: dateOf(c.update_time),
    messages: currentBranch(c).flatMap((node) => (node.message ? peerMessage(node.message) : [])),
  }));
}

/** Root first, ending at `current_node` (or, without one, the newest leaf); a cycle ends the walk. */
function currentBranch(c: Conversation): Node[] {
  const start = c.current_node && c.mapping[c.current_node] ? c.current_node : newestLeaf(c);
  const path: Node[] = [];
  const seen = new Set<string>();
  for (let id = start; id && c.mapping[id] && !seen.has(id); id = c.mapping[id].parent ?? null) {
    seen.add(id);
    path.push(c.mapping[id]);
  }
  return path.reverse();
}

function newestLeaf(c: Conversation): string | null {
  let best: { id: string; at: number } | null = null;
  for (const [id, node] of Object.entries(c.mapping)) {
    if ((node.children ?? []).length > 0) continue;
    const at = node.message?.create_time ?? 0;
    if (!best || at >= best.at) best = { id, at };
  }
  return best?.id ?? null;
}

function peerMessage(m: ChatGptMessage): PeerMessage[] {
  const role = m.author.role;
  if (role === "system" || m.metadata?.is_visually_hidden_from_conversation) return [];
  if (!m.content || SKIPPED_CONTENT.has(m.content.content_type)) return [];
  const body = contentText(m.content).trim();
  if (!body) return [];
  const createdAt = dateOf(m.create_time);
  if (role === "user") return [{ role: "user", text: body, createdAt }];
  if (role === "tool") return [{ role: "assistant", text: `Tool ${m.author.name ?? "output"} answered:\n\n${body}`, createdAt }];
  // An assistant message addressed to a tool (recipient "python", "browser", ...) is a tool call.
  const recipient = m.recipient && m.recipient !== "all" ? m.recipient : null;
  return [{ role: "assistant", text: recipient ? `Called the tool ${recipient}:\n\n${body}` : body, createdAt }];
}

function contentText(c: z.infer<typeof contentSchema>): string {
  switch (c.content_type) {
    case "code":
      return fenced(c.text ?? "", c.language ?? "");
    case "execution_output":
      return `Output:\n\n${fenced(c.text ?? "", "")}`;
    case "tether_browsing_display":
      return c.result ?? "";
    default:
      if (c.parts)
        return c.parts
          .map(partText)
          .filter((t) => t.trim() !== "")
          .join("\n\n");
      return c.text ?? `[${c.content_type} content, not imported]`;
  }
}

/** A part is text, or an object the export only points at (an image, audio): named, not carried. */
function partText(part: unknown): string {
  if (typeof part === "string") return part;
  if (part === null || typeof part !== "object") return "";
  const p = part as { content_type?: unknown; text?: unknown };
  if (p.content_type === "image_asset_pointer") return "[An image was here; the export only references it]";
  if (typeof p.text === "string") return p.text;
  const kind = typeof p.content_type === "string" ? p.content_type.replaceAll("_", " ") : "attachment";
  return `[A ${kind} was here; the export only references it]`;
}

const fenced = (text: string, language: string) => `\`\`\`${language === "unknown" ? "" : language}\n${text}\n\`\`\``;
