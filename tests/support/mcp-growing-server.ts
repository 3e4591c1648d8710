import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/*
 * An MCP server over stdio whose tool list changes on its own: a moment after a client connects it
 * adds the tool "later", and the SDK sends notifications/tools/list_changed. The app must notice
 * that without waiting for its cache lifetime.
 */
const server = new McpServer({ name: "longrun-growing", version: "1.0.0" });
server.registerTool("first", { description: "There from the start.", annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: "text", text: "first" }],
}));
server.server.oninitialized = () => {
  setTimeout(() => {
    server.registerTool("later", { description: "Added after the client connected.", annotations: { readOnlyHint: true } }, async () => ({
      content: [{ type: "text", text: "later" }],
    }));
  }, 300);
};
await server.connect(new StdioServerTransport());
