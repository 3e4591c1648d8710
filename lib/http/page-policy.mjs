// The page policy: a Content-Security-Policy with a fresh nonce for every document. Plain
// JavaScript, because two places apply it and one of them runs untranspiled: the server in front of
// Next (scripts/serve.mjs, what `npm start` runs) and, where no such server is (serverless hosting),
// proxy.ts. The front server applies it itself because Next's proxy (middleware) machinery costs
// about 4 ms of the document's first byte, a third of it (measured with `npm run bench -- peer`);
// proxy.ts's matcher skips every request that came through the front server.

import { requestProtocol } from "./origin-rules.mjs";

/**
 * Scripts: only Next's own, each carrying the nonce ('strict-dynamic' lets them load their chunks).
 * Styles allow inline: CodeMirror and React's style attributes set them at run time, and a style
 * cannot run code. `https` adds upgrade-insecure-requests, which over plain HTTP would break every
 * subresource.
 * @param {string} nonce
 * @param {{ dev: boolean, https: boolean }} opts
 */
function pageCsp(nonce, opts) {
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

/**
 * Whether a request is for a document (a page or its RSC payload), which gets the page policy; the
 * API and static files get theirs from next.config.ts. The same rule as proxy.ts's matcher, whose
 * literal config Next reads at build time (tests/unit/http/page-policy.test.ts holds them together).
 * @param {string} url the request's path and query
 * @param {(name: string) => string | null | undefined} header
 */
export function isDocumentRequest(url, header) {
  if (/^\/(api\/|_next\/static|_next\/image|favicon\.ico)/.test(url)) return false;
  return !header("next-router-prefetch") && header("purpose") !== "prefetch";
}

/**
 * The policy for one document request: the nonce Next puts on its scripts (read from the request's
 * `content-security-policy` header, and by app/layout.tsx from `x-nonce`) and the header to send.
 * @param {{ header: (name: string) => string | null | undefined, url?: string }} req
 * @param {{ dev: boolean, trustProxy: boolean }} opts
 */
export function pagePolicy(req, opts) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const https = requestProtocol(req, opts.trustProxy) === "https:";
  return { nonce, csp: pageCsp(nonce, { dev: opts.dev, https }) };
}
