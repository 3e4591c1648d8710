import { AppError } from "@/lib/errors";
import { isCrossSite, originRules, type OriginRequest, type OriginRules } from "./own-origin";

/*
 * Cross-site request forgery guard for state-changing requests. Browsers send Origin on every
 * cross-origin POST/PUT/PATCH/DELETE (and on same-origin ones except old GET-like cases), and
 * Sec-Fetch-Site on all requests; a script or curl sends neither and is not a CSRF vector (it has no
 * victim's cookie). So: a present Origin must be our page's origin for this request
 * (lib/http/own-origin.ts); without Origin, a Sec-Fetch-Site other than same-origin/none is refused.
 */

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(req: OriginRequest, rules: OriginRules = originRules()): void {
  if (isCrossSite(req, rules)) throw crossSite();
}

const crossSite = () => new AppError("forbidden", "Cross-site request refused: this API only accepts changes from the app's own pages.");

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

/** A file upload route takes multipart/form-data only (a browser's FormData), with a body. */
export function assertMultipartContentType(headers: Headers): void {
  const type = headers.get("content-type");
  const essence = (type ?? "").split(";")[0].trim().toLowerCase();
  if (essence !== "multipart/form-data") {
    throw new AppError("unsupported_media_type", `Content-Type must be multipart/form-data${type ? `, not "${essence}"` : ""}.`);
  }
}
