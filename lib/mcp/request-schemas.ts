import { z } from "zod";
import { storableString } from "@/lib/http/safe-text";
import { APPROVAL_DECISIONS } from "./approval";
import { MCP_TOOL_MODES } from "./policy";

// The MCP routes' request bodies (here, not in lib/http/schemas.ts: lib/http sits below lib/mcp).

/** The body of POST /api/account/mcp-servers. The name follows MCP_SERVERS' rule (lib/mcp/names.ts says why). */
export const addUserServerSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9-]{1,24}$/, "must be 1-24 letters, digits or dashes"),
    url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2000),
    secret: storableString().max(4000).optional(),
    // An HTTP header name (RFC 9110 token).
    secretHeader: z
      .string()
      .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/, "must be an HTTP header name")
      .optional(),
  })
  .strict();

/** A person's answer to the tool call a reply waits on (POST /api/threads/:id/tool-approvals). */
export const toolApprovalSchema = z.object({ approvalId: z.string().min(1).max(200), decision: z.enum(APPROVAL_DECISIONS) }).strict();

/** A thread's mode for one MCP tool (PUT /api/threads/:id/mcp-tools). */
export const mcpToolModeSchema = z
  .object({ tool: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a tool name as the model sees it"), mode: z.enum(MCP_TOOL_MODES) })
  .strict();
