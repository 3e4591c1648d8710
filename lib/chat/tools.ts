import type { ToolSet } from "ai";
import { actionTools, type ToolContext } from "@/lib/email/tools";
import { recallTools } from "@/lib/search/recall-tools";
import { workspaceTools } from "@/lib/workspace/tools";

export type { ToolContext };

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
