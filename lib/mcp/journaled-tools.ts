import "server-only";
import type { ToolSet } from "ai";
import { chatActionKey, runActionKey, workspaceScope } from "@/lib/actions/keys";
import { performAction } from "@/lib/actions/perform";
import type { ActionOutcome } from "@/lib/actions/types";
import { mcpCallProvider, type McpCallRequest } from "./call-provider";
import { journaled, mcpCallIntent, replayable } from "./journal";
import type { McpToolOutput } from "./result";
import type { McpToolEntry } from "./tools";

/** Who a turn's calls are for and what they answer: the same keys an email of this turn gets. */
export type JournalContext = {
  userId: string;
  threadId: string;
  workspaceId: string;
  answeredMessageId: string | null;
  assistantMessageId: string;
  runId: string | null;
};

/**
 * The turn's MCP tools with every call that may change something sent through the action ledger
 * (journal.ts decides which): journaled with its key before the request leaves, performed once,
 * and answered from the ledger when the same request comes again (a regenerated reply).
 */
export function journalMcpTools(tools: ToolSet, entries: McpToolEntry[], ctx: JournalContext): ToolSet {
  const out: ToolSet = { ...tools };
  for (const entry of entries) {
    const offered = tools[entry.name];
    if (!offered || !journaled(entry)) continue;
    out[entry.name] = { ...offered, execute: (input: unknown) => journaledCall(entry, input, ctx) };
  }
  return out;
}

async function journaledCall(entry: McpToolEntry, input: unknown, ctx: JournalContext) {
  const args = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const intent = mcpCallIntent(entry.name, args);
  const request: McpCallRequest = { server: entry.server, own: entry.own, tool: entry.tool, name: entry.name, arguments: args };
  const outcome = await performAction(
    {
      scope: workspaceScope(ctx.workspaceId),
      key: ctx.runId ? runActionKey(ctx.runId, intent) : chatActionKey(ctx.answeredMessageId ?? `reply_${ctx.assistantMessageId}`, intent),
      type: "mcp_call",
      userId: ctx.userId,
      threadId: ctx.threadId,
      runId: ctx.runId,
      stepId: ctx.assistantMessageId,
      request,
    },
    mcpCallProvider(replayable(entry)),
  );
  return toolOutputOf(outcome);
}

/** What the model and the tool card get: the tool's own output, or the ledger's words for why there is none. */
function toolOutputOf(
  o: ActionOutcome,
): McpToolOutput | (McpToolOutput & { note: string }) | { ok: false; error: string; message: string } {
  switch (o.state) {
    case "sent": {
      const output = o.result.output as McpToolOutput | undefined;
      if (!output) return { ok: true, content: "Done (recorded by a person in Actions; the tool's own answer was not seen)." };
      return o.deduplicated
        ? {
            ...output,
            note: "This exact call was already made for this request; its recorded result is returned and the tool was not run again.",
          }
        : output;
    }
    case "in_progress":
      return { ok: false, error: "in_progress", message: o.message };
    case "unknown":
    case "needs_human":
      return { ok: false, error: "outcome_unknown", message: `${o.message} It is listed in Actions, where the person decides.` };
    case "refused":
    case "failed":
      return { ok: false, error: o.error, message: o.message };
  }
}
