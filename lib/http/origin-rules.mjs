/*
 * Where this app is: one rule for the CSRF checks (routes, server actions, better-auth, and the
 * server in front of Next, which answers a cross-site server action before Next decodes its body),
 * mail links and the compaction job's request to itself. Plain JavaScript, so scripts/serve.mjs
 * runs the same code as the app (lib/http/own-origin.ts reads the settings for it).
 *
 * The own origin is APP_URL when set; else, behind a trusted proxy (TRUST_PROXY=1), the protocol and
 * host that proxy forwards; else the address and port the connection reached, as the server in
 * front of Next reports it in the peer header. Never the Host header alone: a client writes it, and
 * a forged one would send a signed job or a reset link to the client's host. When none of the three
 * is known (no server in front, as under a bare `next start`), there is no own origin, and nothing
 * is sent to one: the compaction runs in place, a mail link stays as better-auth made it.
 *
 * A browser's Origin is compared with the origin our page has in this request. With APP_URL or a
 * trusted proxy that is the own origin. Otherwise a browser may have reached the same socket under
 * another name, so the Host header stands for the page's origin when it names the reached address
 * itself or, when that address is loopback, `localhost` or a `*.localhost` name, on the same port:
 * a browser on http://localhost:3000 reaching 127.0.0.1:3000 is ours; a Host naming any other host
 * (a forged header, a DNS-rebinding page) is not, and a LAN name needs APP_URL. With nothing known
 * about the connection, the Origin must name the request's Host (and its scheme when the request's
 * URL says it), which is Next's own rule for server actions: a browser cannot send a Host other
 * than the one it reached, so a cross-site page still fails. Host is only ever compared, never
 * used to reach anything.
 *
 * Browsers send Origin on every cross-origin POST/PUT/PATCH/DELETE (and on same-origin ones except
 * old GET-like cases), and Sec-Fetch-Site on all requests; a script or curl sends neither and is not
 * a CSRF vector (it has no victim's cookie). So a present Origin must be our page's; without one, a
 * Sec-Fetch-Site other than same-origin/none is refused.
 */

/** The header the server in front of Next writes: "<token> <remote address> <local address> <local port>". */
export const PEER_HEADER = "x-longrun-peer";

/**
 * @typedef {{ header: (name: string) => string | null | undefined, url?: string }} OriginRequest
 * @typedef {{ appUrl?: string, trustProxy: boolean, peerToken?: string }} OriginRules
 */

/**
 * The peer header's fields, if genuine (it starts with the token only the front server knows).
 * @param {OriginRequest["header"]} header
 * @param {string | undefined} token
 */
export function peerOf(header, token) {
  const value = header(PEER_HEADER);
  if (!value || !token || !value.startsWith(`${token} `)) return null;
  const [remote = "", local = "", port = ""] = value.slice(token.length + 1).split(" ");
  return { remote, local, port };
}

/**
 * Where anything that leaves the app goes (links, requests to itself); null when it is not known.
 * @param {OriginRequest | undefined} req
 * @param {OriginRules} rules
 * @returns {string | null}
 */
export function ownOrigin(req, rules) {
  if (rules.appUrl) return new URL(rules.appUrl).origin;
  if (!req) return null;
  if (rules.trustProxy) {
    const host = parseHost(firstValue(req.header("x-forwarded-host"))) ?? hostOf(req);
    return host ? `${requestProtocol(req, true)}//${host}` : null;
  }
  return reachedOrigin(req, rules.peerToken);
}

/**
 * The origin a page of ours has in this request; null when only a host can be compared (a server
 * action without a front server).
 * @param {OriginRequest} req
 * @param {OriginRules} rules
 * @returns {string | null}
 */
export function pageOrigin(req, rules) {
  const own = ownOrigin(req, rules);
  if (rules.appUrl || rules.trustProxy) return own;
  const host = hostOf(req);
  if (own) return host && namesReachedAddress(host, new URL(own)) ? `http://${host}` : own;
  return host && req.url ? `${new URL(req.url).protocol}//${host}` : null;
}

/**
 * Whether a browser's Origin header names our page's origin for this request.
 * @param {string} origin
 * @param {OriginRequest} req
 * @param {OriginRules} rules
 */
export function acceptsOrigin(origin, req, rules) {
  const page = pageOrigin(req, rules);
  if (page !== null) return origin === page;
  const host = hostOf(req);
  return host !== null && originHost(origin) === host;
}

/**
 * Whether a state-changing request comes from another site (see the rule above).
 * @param {OriginRequest} req
 * @param {OriginRules} rules
 */
export function isCrossSite(req, rules) {
  const origin = req.header("origin") ?? null;
  if (origin !== null) return !acceptsOrigin(origin, req, rules);
  const site = req.header("sec-fetch-site") ?? null;
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * "https:" or "http:": the forwarded protocol is believed only behind a trusted proxy.
 * @param {OriginRequest} req
 * @param {boolean} trustProxy
 * @returns {"https:" | "http:"}
 */
export function requestProtocol(req, trustProxy) {
  const forwarded = trustProxy ? firstValue(req.header("x-forwarded-proto")) : null;
  if (forwarded) return forwarded === "https" ? "https:" : "http:";
  return req.url && new URL(req.url).protocol === "https:" ? "https:" : "http:";
}

/** "http://<address>:<port>" the connection reached, per the server in front of Next; else null. */
function reachedOrigin(/** @type {OriginRequest} */ req, /** @type {string | undefined} */ peerToken) {
  const peer = peerOf(req.header, peerToken);
  if (!peer?.local || !/^\d+$/.test(peer.port)) return null;
  const local = peer.local.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return `http://${local.includes(":") ? `[${local}]` : local}:${peer.port}`;
}

function namesReachedAddress(/** @type {string} */ host, /** @type {URL} */ reached) {
  const named = new URL(`http://${host}`);
  if (named.port !== reached.port) return false;
  if (named.hostname === reached.hostname) return true;
  const loopback = /^127\.\d+\.\d+\.\d+$/.test(reached.hostname) || reached.hostname === "[::1]";
  return loopback && (named.hostname === "localhost" || named.hostname.endsWith(".localhost"));
}

/** The request's Host (its URL's host without one), normalized as a browser writes it in Origin; null if malformed. */
function hostOf(/** @type {OriginRequest} */ req) {
  return parseHost(req.header("host") ?? (req.url ? new URL(req.url).host : null));
}

/** "host[:port]" lowercased with a default port dropped, as a browser writes it; null for anything else (userinfo, a path, junk). */
function parseHost(/** @type {string | null | undefined} */ raw) {
  if (!raw || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(raw)) return null;
  try {
    return new URL(`http://${raw}`).host;
  } catch {
    return null; // not a host after all
  }
}

/** The host of an http(s) Origin header, or null ("null", another scheme, junk). */
function originHost(/** @type {string} */ origin) {
  try {
    const u = new URL(origin);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === origin ? u.host : null;
  } catch {
    return null; // "null" or junk: no host
  }
}

const firstValue = (/** @type {string | null | undefined} */ v) => v?.split(",")[0]?.trim() || null;
