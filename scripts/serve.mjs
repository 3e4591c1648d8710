#!/usr/bin/env node
// The HTTP server in front of Next.js (started by scripts/start.mjs). Before Next sees a request it
// refuses malformed and overlong URLs (url-guard.mjs), reads the body whole, up to the largest any
// route takes (request-body.mjs; an import's body streams on to its route instead), and answers server-action requests Next's decoder would fail on
// (action-guard.mjs); each refusal is JSON with the API's security headers, and a body still being
// sent is drained first (refusal.mjs). Oversized headers and slow clients get the same treatment
// (http-limits.mjs). It listens on HOSTNAME (listen.mjs). `--dev` serves the dev build.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { ACTION_BODY_LIMIT, bodyLimitFor, isImportPath } from "../lib/http/body-limits.mjs";
import { PEER_HEADER } from "../lib/http/origin-rules.mjs";
import { isDocumentRequest, pagePolicy } from "../lib/http/page-policy.mjs";
import { serverSettings } from "../lib/server-settings.mjs";
import { isActionRequest, refuseActionBody, refuseActionHead } from "./action-guard.mjs";
import { clientErrorHandler, httpServerOptions } from "./http-limits.mjs";
import { listenAddresses, listenOn } from "./listen.mjs";
import { refusal, sendRefusal } from "./refusal.mjs";
import { hasBody, readBody, requestWithBody } from "./request-body.mjs";
import { refuseUrl } from "./url-guard.mjs";

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV = "production";
const root = path.resolve(import.meta.dirname, "..");

// The socket's address reaches the app in a header only this process can write: its value starts
// with a token made here, which lib/http/origin-rules.mjs checks (any client-sent copy is replaced).
process.env.LONGRUN_PEER_TOKEN = crypto.randomUUID();

const { default: next } = await import("next");
const app = next({ dev, dir: root, port: Number(process.env.PORT ?? 3000) });
const handle = app.getRequestHandler();
// instrumentation.ts runs here and stops the process, with one line, on an invalid setting.
await app.prepare();
const settings = serverSettings(process.env);

/** Each socket's current response: a client error after its head was sent only closes the socket. */
const responses = new WeakMap();

async function serve(req, res) {
  const { remoteAddress = "", localAddress = "", localPort = "" } = req.socket;
  req.headers[PEER_HEADER] = `${process.env.LONGRUN_PEER_TOKEN} ${remoteAddress} ${localAddress} ${localPort}`;
  const action = isActionRequest(req);
  const refused = refuseUrl(req.url) ?? (action ? refuseActionHead(req.headers, settings, process.env.LONGRUN_PEER_TOKEN) : null);
  if (refused) return sendRefusal(req, res, refused);
  applyPagePolicy(req, res);
  let forwarded = req;
  if (hasBody(req) || action) {
    const limit = action ? ACTION_BODY_LIMIT : bodyLimitFor(req.url, settings);
    const tooLarge = () => sendRefusal(req, res, refusal(413, "too_large", `Request body is larger than ${limit} bytes`));
    // An import (up to MAX_IMPORT_BYTES) streams on to its route, which spools it to a temporary
    // file and drains a body it refuses halfway (lib/export/import-upload.ts): never held here.
    if (!action && isImportPath(req.url)) return Number(req.headers["content-length"] ?? 0) > limit ? tooLarge() : handle(req, res);
    const body = hasBody(req) ? await readBody(req, limit) : Buffer.alloc(0);
    if (body === null) return; // the client went away, or Node's request timeout answered it
    if (body === "too large") return tooLarge();
    const bad = action ? refuseActionBody(body) : null;
    if (bad) return sendRefusal(req, res, bad);
    forwarded = requestWithBody(req, body);
  }
  return handle(forwarded, res);
}

/**
 * The page policy (lib/http/page-policy.mjs), applied here rather than in proxy.ts, whose matcher
 * skips what came through this server: Next's proxy machinery cost a third of a document's first
 * byte. A client's own nonce headers are dropped, so none reaches the layout.
 */
function applyPagePolicy(req, res) {
  // Deleted only when sent: a delete turns the headers object into a slow dictionary for Next.
  if (req.headers["x-nonce"] !== undefined) delete req.headers["x-nonce"];
  if (req.headers["content-security-policy"] !== undefined) delete req.headers["content-security-policy"];
  const header = (name) => req.headers[name];
  if (!isDocumentRequest(req.url, header)) return;
  // This server speaks plain HTTP: HTTPS is only what a trusted proxy in front forwards.
  const { nonce, csp } = pagePolicy({ header }, { dev, trustProxy: settings.TRUST_PROXY });
  req.headers["x-nonce"] = nonce;
  req.headers["content-security-policy"] = csp;
  res.setHeader("Content-Security-Policy", csp);
}

function createServer() {
  const server = http.createServer(httpServerOptions(settings), (req, res) => {
    responses.set(req.socket, res);
    serve(req, res).catch((err) => {
      console.error("[serve]", err);
      if (res.headersSent) res.destroy();
      else sendRefusal(req, res, refusal(500, "internal", "Something went wrong on the server. Please try again."));
    });
  });
  return server.on(
    "clientError",
    clientErrorHandler({ answered: (socket) => Boolean(responses.get(socket)?.headersSent), lingerMs: settings.HTTP_HEADERS_TIMEOUT_MS }),
  );
}

const addresses = await listenAddresses(settings.HOSTNAME);
await listenOn(createServer, settings.PORT, addresses);
console.log(
  `Ready on http://${settings.HOSTNAME.includes(":") ? `[${settings.HOSTNAME}]` : settings.HOSTNAME}:${settings.PORT} (${addresses.join(", ")})`,
);
