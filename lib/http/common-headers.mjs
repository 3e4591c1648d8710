// Security headers on every answer that is not a page (pages get a nonce CSP: page-policy.mjs). Plain
// JavaScript, because the server in front of Next (scripts/serve.mjs) runs untranspiled and answers
// some requests itself, and next.config.ts reads them; lib/http/security-headers.ts re-exports them.

/** @type {{ key: string, value: string }[]} */
export const COMMON_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
