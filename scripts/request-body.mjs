// Request bodies, read whole by the server in front of Next (scripts/serve.mjs; unit-tested) before
// Next sees the request. A route that refuses a body early (a 413 on its Content-Length, or a cap
// reached in a chunked body) would otherwise answer while the client is still sending: Node then
// closes the connection with unread bytes, the kernel resets it, and the client reports ECONNRESET
// instead of the answer. Read here first, every route answers a complete request; a body larger
// than any route takes is refused here (scripts/refusal.mjs drains it). Server actions' bodies are
// also checked before Next decodes them (scripts/action-guard.mjs).

import { IncomingMessage } from "node:http";

/** @param {import("node:http").IncomingMessage} req */
export const hasBody = (req) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * The body's bytes; "too large" as soon as it passes `limit` (declared or counted), the rest left
 * unread for the refusal to drain; null when the request ended without its body (the client went
 * away, or Node's request timeout cut it off and answered it).
 * @param {import("node:http").IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer | "too large" | null>}
 */
export function readBody(req, limit) {
  if (Number(req.headers["content-length"] ?? 0) > limit) return Promise.resolve("too large");
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const settle = (value) => {
      req.off("data", onData).off("end", onEnd).off("close", onClose);
      resolve(value);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle("too large");
      } else chunks.push(chunk);
    };
    const onEnd = () => settle(Buffer.concat(chunks, size));
    const onClose = () => settle(req.complete ? Buffer.concat(chunks, size) : null);
    req.on("data", onData).on("end", onEnd).on("close", onClose);
  });
}

// What Next reads of a request besides its body.
const HEAD = ["httpVersionMajor", "httpVersionMinor", "httpVersion", "method", "url", "headers", "rawHeaders", "trailers", "rawTrailers"];

/**
 * The request as Next gets it: the same head and connection, with the body already read.
 * Destroying it (a route that stops reading) leaves the connection alone: the client still gets
 * the route's answer.
 */
class RequestWithBody extends IncomingMessage {
  /** @param {IncomingMessage} original @param {Buffer} body */
  constructor(original, body) {
    super(original.socket);
    for (const key of HEAD) this[key] = original[key];
    this.push(body);
    this.push(null);
    this.complete = true;
  }

  _read() {}

  _destroy(err, callback) {
    callback(err);
  }
}

/** @param {IncomingMessage} req @param {Buffer} body */
export const requestWithBody = (req, body) => new RequestWithBody(req, body);
