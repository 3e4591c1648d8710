/*
 * Response headers that make the browser enforce what the server means: no framing, no MIME
 * sniffing, no referrer leaks to other sites, no powerful features. Pages also get a
 * Content-Security-Policy with a per-request nonce (page-policy.mjs); everything else (the JSON API,
 * static files) gets a policy that allows nothing, since none of it is a document.
 * The header list itself is in common-headers.mjs, which next.config.ts and the server in front of
 * Next read too.
 */

export { API_CSP, COMMON_HEADERS } from "./common-headers.mjs";
