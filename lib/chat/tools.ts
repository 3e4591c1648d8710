import type { ToolSet } from "ai";

export type ToolContext = { userId: string; threadId: string; workspaceId: string; assistantMessageId: string };

/** The tools offered on every turn. */
export function agentTools(_ctx: ToolContext): ToolSet {
  return {};
}
