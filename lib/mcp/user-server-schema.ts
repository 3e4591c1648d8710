import { z } from "zod";
import { storableString } from "@/lib/http/safe-text";

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
