import { describe, expect, it } from "vitest";
import { configProblem, readConfig } from "@/lib/config-schema";

const RULE = 'MCP_SERVERS must be a JSON object keyed by server name (see README, "MCP tools"):';

describe("MCP_SERVERS", () => {
  it("is empty when unset, so nothing changes", () => {
    expect(readConfig({}).MCP_SERVERS).toEqual({});
    expect(readConfig({ MCP_SERVERS: " " }).MCP_SERVERS).toEqual({});
  });

  it("reads HTTP and stdio servers, untrusted unless said otherwise", () => {
    const value = JSON.stringify({
      docs: { url: "https://mcp.example.com/mcp", headers: { authorization: "Bearer s3cret" }, trusted: true },
      local: { command: "node", args: ["server.mjs"], env: { TOKEN: "t" } },
    });
    expect(readConfig({ MCP_SERVERS: value }).MCP_SERVERS).toEqual({
      docs: { url: "https://mcp.example.com/mcp", headers: { authorization: "Bearer s3cret" }, trusted: true },
      local: { command: "node", args: ["server.mjs"], env: { TOKEN: "t" }, trusted: false },
    });
  });

  it("stops the server with one line naming the server and field, never a value", () => {
    const cases: Array<[string, string]> = [
      ["{not json", "the value is not JSON"],
      ["[1]", "the value is not an object"],
      ['{"my_server":{"url":"https://x.example"}}', 'server name "my_server" must be 1-24 letters, digits or dashes'],
      ['{"a":{"trusted":true}}', 'server "a" needs either a "url" or a "command"'],
      ['{"a":{"url":"https://x.example","command":"node"}}', 'server "a" needs either a "url" or a "command"'],
      ['{"a":{"url":"file:///etc/passwd"}}', 'server "a": "url" must be an http(s) URL'],
      ['{"a":{"url":"https://x.example","headers":{"authorization":42}}}', 'server "a": "headers.authorization" must be a string'],
      ['{"a":{"command":"node","args":"server.mjs"}}', 'server "a": "args" must be a array'],
      ['{"a":{"command":"node","trusted":"yes"}}', 'server "a": "trusted" must be a boolean'],
      ['{"a":{"command":"node","cwd":"/tmp"}}', 'server "a": its entry has unknown keys "cwd"'],
    ];
    for (const [value, problem] of cases) {
      const line = configProblem({ MCP_SERVERS: value });
      expect(line).toBe(`Invalid configuration: ${RULE} ${problem}; the value does not match.`);
      expect(line).not.toContain("\n");
      expect(() => readConfig({ MCP_SERVERS: value })).toThrow(line!);
    }
  });

  it("never prints a header's value", () => {
    const line = configProblem({ MCP_SERVERS: '{"a":{"url":"nope","headers":{"authorization":"Bearer s3cret"}}}' });
    expect(line).not.toContain("s3cret");
  });
});
