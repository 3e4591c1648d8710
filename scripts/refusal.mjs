// How the server in front of Next answers a request it refuses (scripts/serve.mjs; unit-tested): a
// JSON error in the API's shape with the API's security headers, and, when the client is still
// sending a body, that body read and thrown away before the connection closes. Closing with unread
// bytes makes the kernel reset the connection, and an ordinary HTTP client then reports ECONNRESET
// instead of the answer.

import { API_CSP, COMMON_HEADERS } from "../lib/http/common-headers.mjs";
import { hasBody } from "./request-body.mjs";

/** What a refusal is sent with: the same security headers as every API answer from Next. */
export const REFUSAL_HEADERS = {
  "content-type": "application/json",
  "cache-control": "no-store",
  "content-security-policy": API_CSP,
  ...Object.fromEntries(COMMON_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
};

/** How much more of a refused body is read after the answer; a client sending more is cut off. */
export const DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * @typedef {{ status: number, body: { error: { code: string, message: string } } }} Refusal
 * @returns {Refusal}
 */
export const refusal = (status, code, message) => ({ status, body: { error: { code, message } } });

const STATUS_TEXT = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Content Too Large",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

/**
 * The whole answer as bytes, for a socket that has no response object (Node's 'clientError': the
 * request line or headers could not be read). It closes the connection.
 * @param {Refusal} r
 */
export function refusalBytes({ status, body }) {
  const text = JSON.stringify(body);
  const head = { ...REFUSAL_HEADERS, "content-length": Buffer.byteLength(text), connection: "close" };
  const lines = Object.entries(head).map(([key, value]) => `${key}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Error"}\r\n${lines.join("")}\r\n${text}`;
}

/**
 * Answers now; ends the response once the request body has been read to its end, or cuts the
 * connection after DRAIN_BYTES more. The answer has a Content-Length, so a client has all of it as
 * soon as it arrives, whether or not it goes on sending.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {Refusal} r
 */
export function sendRefusal(req, res, { status, body }) {
  const text = JSON.stringify(body);
  const reading = hasBody(req) && !req.readableEnded;
  res.writeHead(status, { ...REFUSAL_HEADERS, "content-length": Buffer.byteLength(text), ...(reading ? { connection: "close" } : {}) });
  if (!reading) return void res.end(text);
  res.write(text);
  let left = DRAIN_BYTES;
  const finish = () => res.end();
  req.on("data", (chunk) => {
    left -= chunk.length;
    if (left < 0) {
      req.removeAllListeners("data");
      res.end(() => req.socket.destroy());
    }
  });
  req.once("end", finish);
  req.once("close", finish);
  req.resume();
}
