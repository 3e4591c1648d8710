// The HTTP server's own limits (scripts/serve.mjs; unit-tested): how much of a request line and
// headers Node reads, how long a client may take to send a request, and the JSON answer, with the
// API's security headers, for a request that fails them. Node's defaults answer these with a
// plain-text 431 or 408, or with nothing: a 100 KB URL was a reset.

import { MAX_URL_BYTES } from "./url-guard.mjs";
import { DRAIN_BYTES, refusal, refusalBytes } from "./refusal.mjs";

/** The request line and headers together; more is a 431, or a 414 when the request line alone is longer than a URL may be. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The options of http.createServer. Node checks its timeouts on a timer (every 30 s by default);
 * checking every second, or more often under short timeouts, keeps a slow client within a second of
 * its bound.
 * @param {{ HTTP_HEADERS_TIMEOUT_MS: number, HTTP_REQUEST_TIMEOUT_MS: number }} settings
 */
export function httpServerOptions({ HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS }) {
  return {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: Math.min(HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS),
    requestTimeout: HTTP_REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(HTTP_HEADERS_TIMEOUT_MS / 4))),
  };
}

/**
 * What a request Node could not read, or did not get in time, is answered with.
 * @param {Error & { code?: string, rawPacket?: Buffer }} err
 */
export function clientErrorRefusal(err) {
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return requestLineTooLong(err.rawPacket)
        ? refusal(414, "url_too_long", `The URL is longer than ${MAX_URL_BYTES} bytes.`)
        : refusal(431, "headers_too_large", `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes.`);
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return refusal(408, "request_timeout", "The request was not received in time.");
    default:
      return refusal(400, "bad_request", "The request is not valid HTTP/1.1.");
  }
}

/**
 * Node's 'clientError' handler: answers a socket that has no answer under way (one that has is only
 * closed), then reads and discards what the client still sends, as for a refused body
 * (scripts/refusal.mjs), until the client closes, DRAIN_BYTES or `lingerMs`.
 * @param {{ answered: (socket: import("node:net").Socket) => boolean, lingerMs: number }} opts
 */
export function clientErrorHandler({ answered, lingerMs }) {
  return (err, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable || answered(socket)) return void socket.destroy();
    socket.end(refusalBytes(clientErrorRefusal(err)));
    let left = DRAIN_BYTES;
    const timer = setTimeout(() => socket.destroy(), lingerMs).unref();
    socket.on("data", (chunk) => {
      left -= chunk.length;
      if (left < 0) socket.destroy();
    });
    socket.once("end", () => socket.destroy());
    socket.once("close", () => clearTimeout(timer));
    socket.resume();
  };
}

/**
 * Node reports the packet in which the limit was crossed. A request line that starts it and runs
 * past the URL limit, or to its end, is an overlong URL; anything else is too many headers.
 * @param {Buffer | undefined} packet
 */
function requestLineTooLong(packet) {
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString("latin1"))) return false;
  const end = packet.indexOf("\r\n");
  return end === -1 || end > MAX_URL_BYTES;
}
