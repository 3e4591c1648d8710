import { AppError } from "@/lib/errors";
import { isCrossSite } from "./cross-site.mjs";

/*
 * Cross-site request forgery guard for state-changing requests (the rule itself, shared with the
 * server in front of Next, is in cross-site.mjs). Pure: the caller says what "ours" is.
 */

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(headers: Headers, ownOrigin: string): void {
  if (isCrossSite((name) => headers.get(name), { origin: ownOrigin })) throw crossSite();
}

/**
 * The same check when the app's origin is not known for sure (a server action sees headers, not
 * the URL, and without APP_URL or TRUST_PROXY the scheme is a guess): a present Origin must name
 * this request's Host, which is what Next itself checks before it runs an action.
 */
export function assertSameOriginHost(headers: Headers): void {
  if (isCrossSite((name) => headers.get(name), { host: headers.get("host") ?? "" })) throw crossSite();
}

const crossSite = () => new AppError("forbidden", "Cross-site request refused: this API only accepts changes from the app's own pages.");

/**
 * The app's origin: APP_URL when configured, otherwise the request's own Host (and, behind a
 * trusted proxy, X-Forwarded-Host/-Proto).
 */
export function ownOrigin(req: Request, opts: { appUrl?: string; trustProxy: boolean }): string {
  if (opts.appUrl) return new URL(opts.appUrl).origin;
  const url = new URL(req.url);
  const host = (opts.trustProxy && firstValue(req.headers.get("x-forwarded-host"))) || req.headers.get("host") || url.host;
  return `${requestProtocol(req, opts.trustProxy)}//${host}`;
}

/** "https:" or "http:": the forwarded protocol is believed only behind a trusted proxy. */
export function requestProtocol(req: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? firstValue(req.headers.get("x-forwarded-proto")) : null;
  if (forwarded) return forwarded === "https" ? "https:" : "http:";
  return new URL(req.url).protocol;
}

const firstValue = (v: string | null) => v?.split(",")[0]?.trim() || null;

/**
 * JSON routes take JSON only: a form (urlencoded, multipart, text/plain) never reaches a handler.
 * A request without a body needs no Content-Type.
 */
export function assertJsonContentType(headers: Headers): void {
  const type = headers.get("content-type");
  const hasBody = (headers.get("content-length") ?? "0") !== "0" || headers.has("transfer-encoding");
  if (type === null && !hasBody) return;
  const essence = (type ?? "").split(";")[0].trim().toLowerCase();
  if (essence !== "application/json") {
    throw new AppError("unsupported_media_type", `Content-Type must be application/json${type ? `, not "${essence}"` : ""}.`);
  }
}
