import pLimit, { type LimitFunction } from "p-limit";
import type { ModelHandle } from "@/lib/ai/registry";
import { config } from "@/lib/config";
import { buildModelInput } from "./model-input";
import { ReplyRecorder } from "./reply-recorder";
import { regenerationStart } from "./retry";
import { mcpToolApproval } from "@/lib/mcp/policy";
import { threadMcpModes } from "@/lib/mcp/policy-store";
import { journalMcpTools } from "@/lib/mcp/journaled-tools";
import { mcpTools } from "@/lib/mcp/tools";
import { agentTools } from "./tools";
import { classifyTurnError } from "./turn-failure";
import { holdTurn } from "./turn-lease";
import { openTurn } from "./turn-start";
import type { TurnStart } from "./turn-types";
import { loadRecentSpan, loadWholeRun, readRecentSpanHead } from "./recent-span";
import { runBoundFor } from "./run-bound";

const admission: LimitFunction = pLimit(1);

/**
 * Turns open at most TURN_OPENINGS_AT_ONCE at a time in this process, the others waiting in
 * arrival order. An opening is a handful of database round trips; when a burst of turns all
 * interleave their round trips (PostgreSQL, with everything awaiting the network), every one of
 * them finishes late, while first come, first opened lets the early ones stream at once. Measured
 * with `npm run bench -- load`. The turn's own guards (one turn per thread) live in the database;
 * this only orders the work.
 */
export function admitTurnOpening<T>(open: () => Promise<T>): Promise<T> {
  admission.concurrency = config().TURN_OPENINGS_AT_ONCE;
  return admission(open);
}

/**
 * Everything a turn does before the model is called: resolve what a regeneration means, open the
 * turn (ownership, claim, user message, reply row: see openTurn), then build the compacted
 * input. If the input cannot be built, the reply row says what went wrong rather than streaming.
 */
export async function prepareTurn(
  opts: {
    userId: string;
    threadId: string;
    start: TurnStart | { kind: "regenerate"; messageId: string };
    runId: string | null;
    model: ModelHandle;
  },
  reply: { id: string; onLeaseLost: () => void },
) {
  const { userId, threadId } = opts;
  const start = opts.start.kind === "regenerate" ? await regenerationStart(userId, threadId, opts.start.messageId) : opts.start;
  // Read while the turn opens, which leaves them as they are (a routine run's start message is
  // the one exception: then they are read after it).
  const head = start.kind === "submit" && start.runStart ? undefined : readRecentSpanHead(threadId);
  head?.catch(() => undefined); // an opening that fails (409, 404) leaves this read unawaited
  // The MCP servers' tools are listed while the turn opens (from a per-server cache, lib/mcp).
  const mcp = mcpTools(userId);
  mcp.catch(() => undefined);
  const { answeredMessageId, workspaceId, answeredCall } = await openTurn({ userId, threadId }, start, reply);
  // Heartbeats start as soon as the turn is claimed: building the input may take a while.
  const releaseLease = holdTurn(reply.id, reply.onLeaseLost);
  try {
    // MCP tools' names all hold "__", which no built-in tool's does, so neither set shadows the other.
    const { tools: mcpToolSet, entries, definitionTokens } = await mcp;
    // Read once the opening checked ownership; an answer of "always in this thread" is already in.
    const toolApproval = entries.length ? mcpToolApproval(entries, await threadMcpModes(threadId)) : {};
    const journalContext = { userId, threadId, workspaceId, answeredMessageId, assistantMessageId: reply.id, runId: opts.runId };
    const tools = {
      ...journalMcpTools(mcpToolSet, entries, journalContext),
      ...agentTools({ userId, threadId, workspaceId, assistantMessageId: reply.id, answeredMessageId, runId: opts.runId }),
    };
    // Without its summary, the run is held to this model's context window.
    const bound = runBoundFor(opts.model, definitionTokens);
    const input = await buildModelInput(
      await loadRecentSpan(threadId, { workspaceId, head, bound }),
      tools,
      () => loadWholeRun(threadId, bound),
      opts.model,
    );
    return { answeredMessageId, tools, toolApproval, answeredCall: answeredCall ?? null, input, releaseLease };
  } catch (error) {
    const { REPLY_SAVE_EVERY_MS, REPLY_SAVE_BYTES_PER_S } = config();
    await new ReplyRecorder(threadId, reply.id, {
      saveEveryMs: REPLY_SAVE_EVERY_MS,
      saveBytesPerSecond: REPLY_SAVE_BYTES_PER_S,
      releaseLease,
    })
      .finish("error", classifyTurnError(error), null)
      .catch((e) => console.error("[assistant message not finalized]", e));
    throw error;
  }
}
