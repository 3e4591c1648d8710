import type { ActionProvider } from "@/lib/actions/types";
import { providerByName } from "@/lib/email/providers";
import { mcpProviderByName } from "@/lib/mcp/call-provider";

/**
 * The provider that owns a ledger row, by the name the row records: email's transports or an MCP
 * call. The sweeper and a person's "send again" must reach the same one; lib/email sits below
 * lib/mcp, so the two meet here.
 */
export function actionProviderByName(name: string): ActionProvider | null {
  return mcpProviderByName(name) ?? providerByName(name);
}
