import "server-only";
import { tool, zodSchema, type ToolSet } from "ai";
import { z } from "zod";
import { countTokens } from "@/lib/ai/tokens";
import { db } from "@/lib/db/client";
import { MAX_QUERY_CHARS } from "./query";
import { searchMessages } from "./search";
import { plainSnippet } from "./snippet";

/*
 * The agent's recall tools: the stored transcript is the database behind its input, and a summary
 * keeps only what it keeps. search_history finds messages anywhere in the thread's history
 * (compacted away or not); read_messages reads them back whole, within a token budget. Their
 * results go into the model input like any tool result (and are shortened like any other).
 */

/** Their names, as the model calls them (the note on a bounded request names them too). */
export const RECALL_TOOL_NAMES = ["search_history", "read_messages"] as const;
type RecallToolName = (typeof RECALL_TOOL_NAMES)[number];

export const SEARCH_HISTORY_MAX_RESULTS = 8;
export const READ_MESSAGES_MAX_TOKENS = 4000;
const READ_MESSAGES_MAX_IDS = 20;
const READ_MESSAGES_MAX_SPAN = 200;

export type RecallToolContext = { userId: string; threadId: string; assistantMessageId: string; answeredMessageId: string | null };

const inputs = {
  search_history: zodSchema(
    z.object({
      query: z.string().min(1).max(MAX_QUERY_CHARS).describe('Words to find (stemmed), or an exact identifier, path or "quoted phrase".'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(SEARCH_HISTORY_MAX_RESULTS)
        .optional()
        .describe(`At most ${SEARCH_HISTORY_MAX_RESULTS}; default 5.`),
    }),
  ),
  read_messages: zodSchema(
    z.object({
      ids: z.array(z.string().max(64)).max(READ_MESSAGES_MAX_IDS).optional().describe("Message ids from search_history."),
      fromSeq: z.number().int().min(1).optional().describe("First message seq of a range (inclusive)."),
      toSeq: z.number().int().min(1).optional().describe("Last message seq of a range (inclusive)."),
    }),
  ),
};

export function recallTools(ctx: RecallToolContext): Record<RecallToolName, ToolSet[string]> {
  // This turn's own messages would match its own question: left out.
  const excludeIds = [ctx.assistantMessageId, ...(ctx.answeredMessageId ? [ctx.answeredMessageId] : [])];
  return {
    search_history: tool({
      description:
        "Search this conversation's whole stored history, including older messages that were replaced by the summary. Returns snippets with message ids and seq numbers, best match first; read the full messages with read_messages.",
      inputSchema: inputs.search_history,
      execute: async ({ query, limit }) => {
        const page = await searchMessages(
          { userId: ctx.userId, threadId: ctx.threadId, includeDeleted: false, excludeIds, q: query, limit: limit ?? 5 },
          plainSnippet,
        );
        return {
          ok: true,
          results: page.results.map((r) => ({
            messageId: r.messageId,
            seq: r.seq,
            role: r.role,
            createdAt: r.createdAt.toISOString(),
            snippet: r.snippet,
          })),
        };
      },
    }),
    read_messages: tool({
      description: `Read stored messages of this conversation in full, by id (from search_history) or by a seq range, oldest first; at most ${READ_MESSAGES_MAX_TOKENS} tokens in total (the rest is cut and marked).`,
      inputSchema: inputs.read_messages,
      execute: async ({ ids, fromSeq, toSeq }) => {
        if (!ids?.length && fromSeq === undefined)
          return { ok: false, error: "invalid_input", message: "Give ids, or fromSeq (and toSeq)." };
        const from = fromSeq ?? 1;
        const to = Math.min(toSeq ?? from + READ_MESSAGES_MAX_SPAN - 1, from + READ_MESSAGES_MAX_SPAN - 1);
        const rows = await db().message.findMany({
          where: { threadId: ctx.threadId, deletedAt: null, ...(ids?.length ? { id: { in: ids } } : { seq: { gte: from, lte: to } }) },
          orderBy: { seq: "asc" },
          select: { id: true, seq: true, role: true, createdAt: true, text: true },
        });
        return { ok: true, ...withinBudget(rows), ...(ids?.length ? { missing: ids.filter((id) => !rows.some((r) => r.id === id)) } : {}) };
      },
    }),
  };
}

type Row = { id: string; seq: number; role: string; createdAt: Date; text: string };

/** Whole messages while they fit; the first that does not is cut to what is left, the rest dropped. */
function withinBudget(rows: Row[]) {
  let left = READ_MESSAGES_MAX_TOKENS;
  const messages: Array<{ messageId: string; seq: number; role: string; createdAt: string; text: string; cut?: true }> = [];
  for (const r of rows) {
    if (left <= 0) break;
    const tokens = countTokens(r.text);
    const base = { messageId: r.id, seq: r.seq, role: r.role, createdAt: r.createdAt.toISOString() };
    if (tokens <= left) messages.push({ ...base, text: r.text });
    else messages.push({ ...base, text: `${r.text.slice(0, Math.floor((r.text.length * left) / tokens))}…`, cut: true });
    left -= tokens;
  }
  return { messages, truncated: messages.length < rows.length || messages.some((m) => m.cut) };
}
