import type { ToolSet } from "ai";
import { actionTools, type ToolContext } from "@/lib/email/tools";
import { recallTools } from "@/lib/search/recall-tools";
import { workspaceTools } from "@/lib/workspace/tools";

export type { ToolContext };

/**
 * The tokens the tool definitions add to every request, counted as each tool's
 * JSON.stringify({name, description, parameters}) (a provider's own format differs a little). A
 * number, like CHAT_SYSTEM_PROMPT_TOKENS, so the inspector never loads the tokenizer;
 * tests/unit/chat/run-bound.test.ts keeps it exact.
 */
export const AGENT_TOOLS_TOKENS = 1276;

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
