import type { z } from "zod";
import type { mcpToolModeSchema, toolApprovalSchema } from "@/lib/mcp/request-schemas";
import type { McpToolPolicyRow } from "@/lib/mcp/policy-view";

/** GET and PUT /api/threads/:id/mcp-tools. */
export type ApiMcpToolPolicy = { tools: McpToolPolicyRow[] };
export type McpToolModeRequest = z.infer<typeof mcpToolModeSchema>;
/** POST /api/threads/:id/tool-approvals (answers with the continuation's UI message stream). */
export type ToolApprovalRequest = z.infer<typeof toolApprovalSchema>;
