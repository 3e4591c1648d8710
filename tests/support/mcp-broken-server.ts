import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A deliberately broken MCP server over streamable HTTP (JSON responses), written by hand because
 * the SDK will not misbehave on purpose. It initializes properly, then, per `mode`:
 * - "bad-list": answers tools/list with something that is not a tool list;
 * - "vanish": lists one read-only tool and, when it is called, drops the connection mid-call.
 */
export type BrokenMode = "bad-list" | "vanish";

export async function startBrokenMcpServer(mode: BrokenMode): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server = http.createServer(async (req, res) => {
    // No server-to-client stream (the spec's answer to a GET the server does not offer).
    if (req.method !== "POST") return res.writeHead(405).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let msg: { id?: number | string; method?: string; params?: { protocolVersion?: string } };
    try {
      msg = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return res.writeHead(400).end();
    }
    if (msg.id === undefined) return res.writeHead(202).end(); // a notification
    const answer = (result: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: msg.id, result }));
    if (msg.method === "initialize") {
      return answer({
        protocolVersion: msg.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "broken", version: "1.0.0" },
      });
    }
    if (msg.method === "tools/list") {
      if (mode === "bad-list") return answer({ tools: "not a list of tools" });
      return answer({ tools: [{ name: "lookup", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }] });
    }
    if (msg.method === "tools/call") {
      calls++;
      res.socket?.destroy(); // gone mid-call: no answer, no clean close
      return;
    }
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "no such method" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
