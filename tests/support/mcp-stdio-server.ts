import fs from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { testMcpServer } from "./mcp-test-server";

/*
 * The test MCP server over stdio, started by the app's client as a child process (`node --import
 * tsx tests/support/mcp-stdio-server.ts`). Each call is appended to MCP_CALLS_FILE, so the test
 * counts calls on the server side across the process boundary.
 */
const callsFile = process.env.MCP_CALLS_FILE;
const server = testMcpServer((tool) => {
  if (callsFile) fs.appendFileSync(callsFile, `${tool}\n`);
});
await server.connect(new StdioServerTransport());
