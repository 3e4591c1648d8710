import type { Db } from "@/lib/db/client";
import { appendMessage, type MessageRow } from "@/lib/db/messages";
import { countTokens } from "@/lib/ai/tokens";

/** Appends alternating user/assistant messages with real token counts; returns them in order. */
export async function seedConversation(threadId: string, texts: Array<[role: "user" | "assistant", text: string]>): Promise<MessageRow[]> {
  const out: MessageRow[] = [];
  for (const [role, text] of texts) {
    out.push(await appendMessage(threadId, { role, parts: [{ type: "text", text }], text, tokens: countTokens(text) }));
  }
  return out;
}

/** Sixteen long alternating messages (about 3,000 tokens): enough for an overflow or manual compaction to summarize. */
export async function seedLongConversation(threadId: string): Promise<MessageRow[]> {
  const long = (k: number) => `Step ${k}: moved caller ${k} of getAccount to loadAccount in src/module${k}.ts. `.repeat(12);
  return seedConversation(
    threadId,
    Array.from({ length: 16 }, (_, k): ["user" | "assistant", string] => [k % 2 ? "assistant" : "user", long(k)]),
  );
}

export async function seedSummary(db: Db, threadId: string, text: string, cutMessageId: string, floorMessageId: string | null = null) {
  return db.summary.create({ data: { threadId, text, cutMessageId, floorMessageId, tokens: countTokens(text), status: "active" } });
}

/** The echoed prompt from an `echo input` reply: what the offline model received. */
export function echoedPrompt(replyText: string): {
  system: string;
  messages: Array<{ role: string; parts: Array<{ type: string; text?: string }> }>;
} {
  const match = /```json\n([\s\S]*?)\n```/.exec(replyText);
  if (!match) throw new Error(`no echoed prompt in: ${replyText.slice(0, 200)}`);
  return JSON.parse(match[1]);
}
