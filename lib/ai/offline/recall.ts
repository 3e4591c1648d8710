import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { messageText } from "./serialize";
import type { OfflineStep } from "./behaviours";
import { exchanges, type Exchange } from "./exchanges";

/*
 * The offline model's recall loop (README.md): `recall <query>` in the last user message calls
 * search_history (through the ordinary tool directives); on its result this reads the best match
 * with read_messages, and on that result quotes the message verbatim. Pure: the next step follows
 * from the prompt alone.
 */

export const RECALL_LINE = /^recall\s+(.+)$/i;

/** The query of the first `recall <query>` line outside code fences, or null. */
function recallQuery(userText: string): string | null {
  let inFence = false;
  for (const raw of userText.split(/\r?\n/)) {
    if (/^\s*(`{3,}|~{3,})/.test(raw)) inFence = !inFence;
    if (inFence) continue;
    const m = RECALL_LINE.exec(raw.trim());
    if (m) return m[1].trim();
  }
  return null;
}

/** The step after a recall tool result; null when the last result is not a recall's. */
export function planRecallStep(prompt: LanguageModelV4Prompt, offered: Set<string>): OfflineStep | null {
  const lastUserIndex = prompt.findLastIndex((m) => m.role === "user");
  if (lastUserIndex < 0) return null;
  const query = recallQuery(messageText(prompt[lastUserIndex]));
  const last = exchanges(prompt.slice(lastUserIndex + 1)).at(-1);
  if (query === null || !last?.output) return null;
  if (last.toolName === "search_history") return afterSearch(query, last, offered);
  if (last.toolName === "read_messages") return { text: quote(last), toolCalls: [] };
  return null;
}

type Hit = { messageId: string; seq: number; role: string; snippet: string };
type Read = { seq: number; role: string; createdAt: string; text: string };

function afterSearch(query: string, search: Exchange, offered: Set<string>): OfflineStep {
  const hits = Array.isArray(search.output?.results) ? (search.output.results as Hit[]) : [];
  if (search.output?.ok !== true) return { text: `search_history failed: ${String(search.output?.message ?? "no result")}`, toolCalls: [] };
  if (hits.length === 0) return { text: `Nothing in this thread's stored history matches "${query}".`, toolCalls: [] };
  const best = hits[0];
  const found = `Found ${hits.length} match${hits.length === 1 ? "" : "es"} for "${query}" in the stored history; the best is message ${best.seq} (${best.role}).`;
  if (!offered.has("read_messages")) return { text: `${found}\n\n> ${best.snippet}`, toolCalls: [] };
  return { text: `${found} Reading it.`, toolCalls: [{ toolName: "read_messages", input: { ids: [best.messageId] } }] };
}

function quote(read: Exchange): string {
  const messages = Array.isArray(read.output?.messages) ? (read.output.messages as Read[]) : [];
  if (read.output?.ok !== true || messages.length === 0)
    return `I could not read the message: ${String(read.output?.message ?? "not found")}`;
  return messages
    .map(
      (m) =>
        `Message ${m.seq} (${m.role}, ${m.createdAt}) says:\n\n${m.text
          .split("\n")
          .map((l) => `> ${l}`)
          .join("\n")}`,
    )
    .join("\n\n");
}
