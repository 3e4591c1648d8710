import "server-only";
import { getOwnedThread } from "@/lib/db/threads";
import { defaultMcpMode, type McpToolMode } from "./policy";
import { threadMcpModes } from "./policy-store";
import { mcpTools } from "./tools";

/** One MCP tool as the thread's policy view shows it. */
export type McpToolPolicyRow = {
  /** The name the model sees, `<server>__<tool>`: what a mode is stored under. */
  name: string;
  server: string;
  tool: string;
  title: string;
  trusted: boolean;
  readOnly: boolean;
  mode: McpToolMode;
  defaultMode: McpToolMode;
};

/**
 * The MCP tools a turn of this thread would be offered now, each with its mode in this thread and
 * the default it falls back to. A server that is down lists nothing, as in a turn.
 */
export async function threadMcpPolicy(userId: string, threadId: string): Promise<{ tools: McpToolPolicyRow[] }> {
  await getOwnedThread(userId, threadId);
  const [{ entries }, chosen] = await Promise.all([mcpTools(userId), threadMcpModes(threadId)]);
  const tools = entries.map((e) => {
    const defaultMode = defaultMcpMode(e, e.annotations);
    return {
      name: e.name,
      server: e.server,
      tool: e.tool,
      title: e.title,
      trusted: e.trusted,
      readOnly: e.annotations?.readOnlyHint === true,
      mode: chosen.get(e.name) ?? defaultMode,
      defaultMode,
    };
  });
  return { tools };
}
