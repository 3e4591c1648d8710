import type { ToolSet } from "ai";
import { actionTools } from "@/lib/actions/tools";
import { recallTools } from "@/lib/search/recall-tools";
import { workspaceTools } from "@/lib/workspace/tools";

export type ToolContext = {
  userId: string;
  threadId: string;
  workspaceId: string;
  assistantMessageId: string;
  /** The user message this turn answers: with the intent, it keys side effects in a chat. */
  answeredMessageId: string | null;
  /** The routine run this turn belongs to, null in a chat. */
  runId: string | null;
};

/**
 * The tools offered on every turn, created fresh per turn: the workspace tools remember which
 * file versions the agent read in this turn. Files are keyed by workspace, never by thread.
 */
export function agentTools(ctx: ToolContext): ToolSet {
  return {
    ...workspaceTools({ workspaceId: ctx.workspaceId, assistantMessageId: ctx.assistantMessageId }),
    ...actionTools(ctx),
    ...recallTools(ctx),
  };
}
