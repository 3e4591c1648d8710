#!/usr/bin/env node
// The HTTP server in front of Next.js (started by scripts/start.mjs): refuses malformed URLs with a
// JSON 400 before Next's router can answer them with a 500 page or a redirect (scripts/url-guard.mjs),
// then hands every other request to Next unchanged. `--dev` serves the dev build.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { REFUSAL_HEADERS, refuseUrl } from "./url-guard.mjs";

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV = "production";
const port = Number(process.env.PORT ?? "3000");
const root = path.resolve(import.meta.dirname, "..");

// The socket's address reaches the app in a header only this process can write: its value starts
// with a token made here, which lib/http/client-address.ts checks (any client-sent copy is replaced).
const PEER_HEADER = "x-longrun-peer";
process.env.LONGRUN_PEER_TOKEN = crypto.randomUUID();

const { default: next } = await import("next");
const app = next({ dev, dir: root, port });
const handle = app.getRequestHandler();
await app.prepare();

http
  .createServer((req, res) => {
    const refusal = refuseUrl(req.url);
    if (!refusal) {
      const { remoteAddress = "", localAddress = "", localPort = "" } = req.socket;
      req.headers[PEER_HEADER] = `${process.env.LONGRUN_PEER_TOKEN} ${remoteAddress} ${localAddress} ${localPort}`;
      return void handle(req, res);
    }
    res.writeHead(refusal.status, REFUSAL_HEADERS);
    res.end(JSON.stringify(refusal.body));
  })
  .listen(port, () => console.log(`Ready on http://localhost:${port}`));
