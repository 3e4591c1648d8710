/*
 * Which MCP tool calls run (pure). Until the approval flow of issue 38 (item 2) exists, nothing a
 * person would have to approve may run: only a tool whose server the operator marked trusted AND
 * that declares itself read-only. A server's annotations are its own claims, so an untrusted
 * server's `readOnlyHint` proves nothing; and a trusted tool that may change something waits for a
 * person. Every other tool is still offered, so the model can say what it would have done.
 */
import type { McpToolAnnotations } from "@ai-sdk/mcp";

export type McpCallDecision = { run: true } | { run: false; reason: "untrusted_server" | "not_read_only"; message: string };

const NEEDS_APPROVAL = "needs a person's approval, which this server does not ask for yet";

export function decideMcpCall(server: { name: string; trusted: boolean }, annotations: McpToolAnnotations | undefined): McpCallDecision {
  if (!server.trusted) {
    return {
      run: false,
      reason: "untrusted_server",
      message: `Not run: this tool ${NEEDS_APPROVAL} (the operator has not marked server "${server.name}" trusted, so its tools' read-only claims are not believed).`,
    };
  }
  if (annotations?.readOnlyHint !== true) {
    return {
      run: false,
      reason: "not_read_only",
      message: `Not run: this tool ${NEEDS_APPROVAL} (server "${server.name}" does not mark it read-only, so it may change something).`,
    };
  }
  return { run: true };
}
