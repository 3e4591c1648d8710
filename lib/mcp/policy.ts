/*
 * Which MCP tool calls run, and which wait for a person (pure). Every tool has a mode: `allow`
 * (runs), `ask` (the call stops the turn with an approval request, AI SDK toolApproval
 * "user-approval"), or `never` (refused, and the model is told). A person sets the mode per thread
 * (policy-store.ts); without their choice the default holds: a server's annotations are its own
 * claims, believed only from a server the operator marked trusted, so only a trusted server's tool
 * that says `readOnlyHint: true` runs without asking, and everything else asks.
 */
import type { McpToolAnnotations } from "@ai-sdk/mcp";
import type { ToolApprovalStatus } from "ai";

export const MCP_TOOL_MODES = ["allow", "ask", "never"] as const;
export type McpToolMode = (typeof MCP_TOOL_MODES)[number];

export function isMcpToolMode(value: string): value is McpToolMode {
  return (MCP_TOOL_MODES as readonly string[]).includes(value);
}

/** The mode a tool has until a person chooses one. */
export function defaultMcpMode(server: { trusted: boolean }, annotations: McpToolAnnotations | undefined): McpToolMode {
  return server.trusted && annotations?.readOnlyHint === true ? "allow" : "ask";
}

/** The thread's choice if it made one, else the default. */
function effectiveMcpMode(
  chosen: McpToolMode | undefined,
  server: { trusted: boolean },
  annotations: McpToolAnnotations | undefined,
): McpToolMode {
  return chosen ?? defaultMcpMode(server, annotations);
}

/** The mode as the AI SDK's toolApproval status; the reasons are what the approver and the model read. */
function approvalStatus(mode: McpToolMode, server: { name: string; trusted: boolean }, tool: string): ToolApprovalStatus {
  if (mode === "allow") return "not-applicable";
  if (mode === "never") {
    return { type: "denied", reason: `Not run: this thread's policy never allows tool "${tool}" of MCP server "${server.name}".` };
  }
  const why = server.trusted
    ? `server "${server.name}" does not mark it read-only, so it may change something`
    : `the operator has not marked server "${server.name}" trusted, so its tools' claims are not believed`;
  return { type: "user-approval", reason: `Needs your approval: ${why}.` };
}

/** The turn's toolApproval for its MCP tools: each tool's mode (the thread's choice, else the default). */
export function mcpToolApproval(
  entries: { name: string; server: string; trusted: boolean; tool: string; annotations: McpToolAnnotations | undefined }[],
  chosen: ReadonlyMap<string, McpToolMode>,
): Record<string, ToolApprovalStatus> {
  const approval: Record<string, ToolApprovalStatus> = {};
  for (const e of entries) {
    const mode = effectiveMcpMode(chosen.get(e.name), e, e.annotations);
    approval[e.name] = approvalStatus(mode, { name: e.server, trusted: e.trusted }, e.tool);
  }
  return approval;
}
