import http from "node:http";
import type { AddressInfo } from "node:net";

type Route = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;

/**
 * Route handlers behind a real socket, as a platform would start a function for a request: each
 * path in `routes` is answered by its handler, anything else is a 404. `seen` records every
 * request that reached the server.
 */
export async function routeServer(routes: Record<string, Route>): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push(`${req.method} ${req.url}`);
    const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
    const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
    const route = routes[req.url ?? ""];
    const answer = route ? await route(request, { params: Promise.resolve({}) }) : new Response(null, { status: 404 });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((r) => server.close(() => r())) };
}
