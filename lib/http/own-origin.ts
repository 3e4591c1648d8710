import { config } from "@/lib/config";
import * as rules from "./origin-rules.mjs";
import type { OriginRules } from "./origin-rules.mjs";

/*
 * The app's side of the one origin rule (lib/http/origin-rules.mjs, where the rule and its reasons
 * are): the same functions, with this process's settings as the default rules and a Request (or a
 * server action's headers) as the request.
 */

export type { OriginRules };
/** A Request, or what a server action has: its headers (then the scheme is not known from a URL). */
export type OriginRequest = { headers: Headers; url?: string };

export function originRules(): OriginRules {
  const { APP_URL, TRUST_PROXY, LONGRUN_PEER_TOKEN } = config();
  return { appUrl: APP_URL, trustProxy: TRUST_PROXY, peerToken: LONGRUN_PEER_TOKEN };
}

const asRule = (req: OriginRequest) => ({ header: (name: string) => req.headers.get(name), url: req.url });

/** Where anything that leaves the app goes (links, requests to itself); null when it is not known. */
export function ownOrigin(req?: OriginRequest, r: OriginRules = originRules()): string | null {
  return rules.ownOrigin(req && asRule(req), r);
}

/** The origin a page of ours has in this request; null when only a host can be compared. */
export function pageOrigin(req: OriginRequest, r: OriginRules = originRules()): string | null {
  return rules.pageOrigin(asRule(req), r);
}

/** Whether a browser's Origin header names our page's origin for this request. */
export function acceptsOrigin(origin: string, req: OriginRequest, r: OriginRules = originRules()): boolean {
  return rules.acceptsOrigin(origin, asRule(req), r);
}

/** Whether a state-changing request comes from another site. */
export function isCrossSite(req: OriginRequest, r: OriginRules = originRules()): boolean {
  return rules.isCrossSite(asRule(req), r);
}

/** "https:" or "http:": the forwarded protocol is believed only behind a trusted proxy. */
export function requestProtocol(req: OriginRequest, trustProxy: boolean): "https:" | "http:" {
  return rules.requestProtocol(asRule(req), trustProxy);
}
