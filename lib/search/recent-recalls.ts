import "server-only";
import { db } from "@/lib/db/client";

/** One recall tool call as the inspector lists it: what the agent looked up, and how much came back. */
export type RecallView = {
  replyId: string;
  replySeq: number;
  tool: "search_history" | "read_messages";
  query: string | null;
  messageIds: string[];
  found: number | null;
};

// The inspector looks at recent replies only: reading every reply's parts of a long thread on each
// inspector load would scan the transcript.
const RECENT_REPLIES = 100;
const MAX_RECALLS = 20;

type ToolPart = { type: string; input?: Record<string, unknown>; output?: Record<string, unknown> };

/** The recall calls (search_history, read_messages) of the latest replies, newest first. */
export async function recentRecalls(threadId: string): Promise<RecallView[]> {
  const replies = await db().message.findMany({
    where: { threadId, deletedAt: null, role: "assistant" },
    orderBy: { seq: "desc" },
    take: RECENT_REPLIES,
    select: { id: true, seq: true, parts: true },
  });
  const out: RecallView[] = [];
  for (const r of replies) {
    if (!r.parts.includes('"tool-search_history"') && !r.parts.includes('"tool-read_messages"')) continue;
    const parts = (JSON.parse(r.parts) as ToolPart[]).filter((p) => p.type === "tool-search_history" || p.type === "tool-read_messages");
    for (const p of parts.reverse()) out.push(view(r.id, r.seq, p));
  }
  return out.slice(0, MAX_RECALLS);
}

function view(replyId: string, replySeq: number, p: ToolPart): RecallView {
  const tool = p.type === "tool-search_history" ? "search_history" : "read_messages";
  const list = (tool === "search_history" ? p.output?.results : p.output?.messages) as Array<{ messageId?: string }> | undefined;
  const ids = Array.isArray(p.input?.ids) ? (p.input.ids as string[]) : [];
  return {
    replyId,
    replySeq,
    tool,
    query: typeof p.input?.query === "string" ? p.input.query : null,
    messageIds: Array.isArray(list) ? list.flatMap((x) => (typeof x.messageId === "string" ? [x.messageId] : [])) : ids,
    found: Array.isArray(list) ? list.length : null,
  };
}
