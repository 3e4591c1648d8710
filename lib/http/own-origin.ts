import { config } from "@/lib/config";
import { peerOf } from "./client-address";

/*
 * Where this app is: one rule for the CSRF checks (routes, server actions, better-auth), mail links
 * and the compaction job's request to itself.
 *
 * The own origin is APP_URL when set; else, behind a trusted proxy (TRUST_PROXY=1), the protocol and
 * host that proxy forwards; else the address and port the connection reached, as the server in
 * front of Next (scripts/serve.mjs) reports it in the peer header. Never the Host header alone: a
 * client writes it, and a forged one would send a signed job or a reset link to the client's host.
 * When none of the three is known (no server in front, as under a bare `next start`), there is no
 * own origin, and nothing is sent to one: the compaction runs in place, a mail link stays as
 * better-auth made it.
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
 */

export type OriginRules = { appUrl?: string; trustProxy: boolean; peerToken?: string };
/** A Request, or what a server action has: its headers (then the scheme is not known from a URL). */
export type OriginRequest = { headers: Headers; url?: string };

export function originRules(): OriginRules {
  const { APP_URL, TRUST_PROXY, LONGRUN_PEER_TOKEN } = config();
  return { appUrl: APP_URL, trustProxy: TRUST_PROXY, peerToken: LONGRUN_PEER_TOKEN };
}

/** Where anything that leaves the app goes (links, requests to itself); null when it is not known. */
export function ownOrigin(req?: OriginRequest, rules = originRules()): string | null {
  if (rules.appUrl) return new URL(rules.appUrl).origin;
  if (!req) return null;
  if (rules.trustProxy) {
    const host = parseHost(firstValue(req.headers.get("x-forwarded-host"))) ?? hostOf(req);
    return host ? `${requestProtocol(req, true)}//${host}` : null;
  }
  return reachedOrigin(req.headers, rules.peerToken);
}

/** The origin a page of ours has in this request; null when only a host can be compared (a server action without a front server). */
export function pageOrigin(req: OriginRequest, rules = originRules()): string | null {
  const own = ownOrigin(req, rules);
  if (rules.appUrl || rules.trustProxy) return own;
  const host = hostOf(req);
  if (own) return host && namesReachedAddress(host, new URL(own)) ? `http://${host}` : own;
  return host && req.url ? `${new URL(req.url).protocol}//${host}` : null;
}

/** Whether a browser's Origin header names our page's origin for this request. */
export function acceptsOrigin(origin: string, req: OriginRequest, rules = originRules()): boolean {
  const page = pageOrigin(req, rules);
  if (page !== null) return origin === page;
  const host = hostOf(req);
  return host !== null && originHost(origin) === host;
}

/** "https:" or "http:": the forwarded protocol is believed only behind a trusted proxy. */
export function requestProtocol(req: OriginRequest, trustProxy: boolean): "https:" | "http:" {
  const forwarded = trustProxy ? firstValue(req.headers.get("x-forwarded-proto")) : null;
  if (forwarded) return forwarded === "https" ? "https:" : "http:";
  return req.url && new URL(req.url).protocol === "https:" ? "https:" : "http:";
}

/** "http://<address>:<port>" the connection reached, per the server in front of Next; else null. */
function reachedOrigin(headers: Headers, peerToken: string | undefined): string | null {
  const peer = peerOf(headers, peerToken);
  if (!peer?.local || !/^\d+$/.test(peer.port)) return null;
  const local = peer.local.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return `http://${local.includes(":") ? `[${local}]` : local}:${peer.port}`;
}

function namesReachedAddress(host: string, reached: URL): boolean {
  const named = new URL(`http://${host}`);
  if (named.port !== reached.port) return false;
  if (named.hostname === reached.hostname) return true;
  const loopback = /^127\.\d+\.\d+\.\d+$/.test(reached.hostname) || reached.hostname === "[::1]";
  return loopback && (named.hostname === "localhost" || named.hostname.endsWith(".localhost"));
}

/** The request's Host (its URL's host without one), normalized as a browser writes it in Origin; null if malformed. */
function hostOf(req: OriginRequest): string | null {
  return parseHost(req.headers.get("host") ?? (req.url ? new URL(req.url).host : null));
}

/** "host[:port]" lowercased with a default port dropped, as a browser writes it; null for anything else (userinfo, a path, junk). */
function parseHost(raw: string | null): string | null {
  if (!raw || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(raw)) return null;
  try {
    return new URL(`http://${raw}`).host;
  } catch {
    return null;
  }
}

/** The host of an http(s) Origin header, or null ("null", another scheme, junk). */
function originHost(origin: string): string | null {
  try {
    const u = new URL(origin);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === origin ? u.host : null;
  } catch {
    return null;
  }
}

const firstValue = (v: string | null) => v?.split(",")[0]?.trim() || null;
