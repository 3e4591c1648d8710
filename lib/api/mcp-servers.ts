import type { z } from "zod";
import type { addUserServerSchema } from "@/lib/mcp/request-schemas";
import type { UserServerView } from "@/lib/mcp/user-servers";

/** One MCP server a person added: never its secret, only whether it has one. */
export type UserMcpServer = UserServerView;

/** GET /api/account/mcp-servers. `enabled`: whether the operator lets people add servers (MCP_USER_SERVERS). */
export type UserMcpServersResponse = { enabled: boolean; servers: UserMcpServer[] };

/** POST /api/account/mcp-servers */
export type AddUserMcpServerRequest = z.input<typeof addUserServerSchema>;
export type AddUserMcpServerResponse = { server: UserMcpServer };
