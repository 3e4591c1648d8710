import { db, type Db, type Tx } from "@/lib/db/client";
import { getOwnedThread } from "@/lib/db/threads";
import { isMcpToolMode, type McpToolMode } from "./policy";

/*
 * The per-thread MCP tool modes a person chose (McpToolPolicy rows, keyed by the name the model
 * sees). A thread without a row for a tool has the default (policy.ts). A routine's runs share its
 * thread, so the routine's policy is its thread's.
 */

/** The thread's choices; the caller has checked ownership (a turn, after opening). */
export async function threadMcpModes(threadId: string, client: Db | Tx = db()): Promise<Map<string, McpToolMode>> {
  const rows = await client.mcpToolPolicy.findMany({ where: { threadId }, select: { tool: true, mode: true } });
  return new Map(rows.flatMap((r) => (isMcpToolMode(r.mode) ? [[r.tool, r.mode] as const] : [])));
}

/** One upsert: two people setting the same tool at once leave the last one's choice. */
export async function setMcpModeTx(tx: Db | Tx, threadId: string, tool: string, mode: McpToolMode): Promise<void> {
  await tx.mcpToolPolicy.upsert({
    where: { threadId_tool: { threadId, tool } },
    create: { threadId, tool, mode },
    update: { mode },
  });
}

/** A person's choice for a tool in their own thread (another user's thread is a 404). */
export async function setOwnMcpMode(userId: string, threadId: string, tool: string, mode: McpToolMode): Promise<void> {
  await getOwnedThread(userId, threadId);
  await setMcpModeTx(db(), threadId, tool, mode);
}
