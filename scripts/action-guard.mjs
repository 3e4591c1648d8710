// Server-action requests the server in front of Next answers itself (scripts/serve.mjs;
// unit-tested), with the API's error shape and status instead of Next's bare 500: a cross-site
// request (Next: "Invalid Server Actions request"), a form or multipart body, which no page of this
// app sends (Next decodes it, forged reference markers and all: "Connection closed"), and a body
// that is not the one JSON text React sends for plain arguments: not UTF-8 or not JSON, nested
// deeper than any input (Next's decoder recurses per level: a stack overflow), or holding a
// reference marker ("$@1", "$K1", "$h…") pointing at parts a JSON body does not have. The body's
// size is capped by the caller (lib/http/body-limits.mjs: ACTION_BODY_LIMIT, Next's own cap).
// Each action still checks its input itself (lib/auth/server-action.ts).

import { isCrossSite } from "../lib/http/origin-rules.mjs";
import { isUploadPath } from "../lib/http/body-limits.mjs";
import { jsonDepth, MAX_JSON_DEPTH } from "../lib/http/json-depth.mjs";
import { refusal } from "./refusal.mjs";

const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * What Next would take as a server action: a POST with a Next-Action header, or a form body (a
 * form posted without JavaScript), on any path (a path without a route renders the not-found page,
 * which runs actions too) but POST /api/import's and POST /api/threads/:id/attachments': route
 * handlers, whose multipart uploads Next hands to the handler and never decodes as an action.
 * @param {import("node:http").IncomingMessage} req
 */
export const isActionRequest = (req) =>
  req.method === "POST" &&
  (req.headers["next-action"] !== undefined || (FORM.test(req.headers["content-type"] ?? "") && !isUploadPath(req.url)));

/**
 * The refusal decided by the request's head, or null. Cross-site is the app's own rule
 * (lib/http/origin-rules.mjs), so it needs the peer header this server writes and its token.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {{ APP_URL?: string, TRUST_PROXY: boolean }} settings
 * @param {string | undefined} peerToken
 */
export function refuseActionHead(headers, { APP_URL, TRUST_PROXY }, peerToken) {
  /** @param {string} name */
  const header = (name) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  if (isCrossSite({ header }, { appUrl: APP_URL, trustProxy: TRUST_PROXY, peerToken })) {
    return refusal(403, "forbidden", "Cross-site request refused: this app only accepts changes from its own pages.");
  }
  if (FORM.test(headers["content-type"] ?? "")) {
    return refusal(415, "unsupported_media_type", "Server actions take their arguments as JSON text, not a form or multipart body.");
  }
  return null;
}

// What React's encodeReply writes for plain values (escaped strings, undefined, non-finite numbers,
// -0, dates, bigints). Every other "$…" string points at another part of a multipart body.
const PLAIN_MARKER = /^\$(\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n\d+$)/;

// Next refuses longer argument lists with an error (a 500) after decoding them.
const MAX_ARGUMENTS = 1000;

/**
 * The refusal decided by the body, or null.
 * @param {Buffer} bytes
 */
export function refuseActionBody(bytes) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refusal(400, "bad_json", "Request body is not valid UTF-8");
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    return refusal(400, "bad_json", `Request body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep`);
  }
  let args;
  try {
    args = JSON.parse(text);
  } catch {
    return refusal(400, "bad_json", "Request body is not valid JSON");
  }
  if (!Array.isArray(args) || args.length > MAX_ARGUMENTS) {
    return refusal(400, "invalid_body", `A server action's body is the JSON array of its arguments (at most ${MAX_ARGUMENTS}).`);
  }
  const marker = referenceIn(args);
  return marker === null
    ? null
    : refusal(400, "invalid_body", `The arguments hold a reference marker ("${marker.slice(0, 40)}") this app never sends.`);
}

/** The first string that is a reference into parts the body does not have; depth is already capped. */
function referenceIn(value) {
  if (typeof value === "string") return value.startsWith("$") && !PLAIN_MARKER.test(value) ? value : null;
  if (value === null || typeof value !== "object") return null;
  for (const item of Object.values(value)) {
    const found = referenceIn(item);
    if (found !== null) return found;
  }
  return null;
}
