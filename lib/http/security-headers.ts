/*
 * Response headers that make the browser enforce what the server means: no framing, no MIME
 * sniffing, no referrer leaks to other sites, no powerful features. Pages also get a
 * Content-Security-Policy with a per-request nonce (proxy.ts); everything else (the JSON API, static
 * files) gets a policy that allows nothing, since none of it is a document.
 * Imported by proxy.ts: keep it free of app imports. The header list itself is in common-headers.mjs,
 * which next.config.ts and the server in front of Next read too.
 */

export { API_CSP, COMMON_HEADERS } from "./common-headers.mjs";

/**
 * The page policy. Scripts: only Next's own, each carrying the nonce ('strict-dynamic' lets them
 * load their chunks). Styles allow inline: CodeMirror and React's style attributes set them at run
 * time, and a style cannot run code. `https` adds upgrade-insecure-requests, which over plain HTTP
 * would break every subresource.
 */
export function pageCsp(nonce: string, opts: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
