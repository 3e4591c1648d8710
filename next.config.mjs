import { API_CSP, COMMON_HEADERS } from "./lib/http/common-headers.mjs";

// Plain JavaScript, not next.config.ts: Next transpiles a TypeScript config with its native SWC
// binding every time the server starts, which maps the 30 MB next-swc library and starts its
// thread pool in the production server for the life of the process.

/** @type {import("next").NextConfig} */
const nextConfig = {
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  // Loaded by Node's own require, once per process, instead of bundled. Turbopack gives pages and
  // route handlers separate module caches and copies shared code into a chunk per route group, so
  // a bundled package is held once per chunk file that a request loads: the o200k tables (a 2.4 MB
  // source and ~20 MB of rank maps) were held twice, redis and nodemailer (0.8 MB of source, two
  // bytes a character) seven times. Measured with heap snapshots after `npm run bench -- paint`'s
  // 20 opens (see docs/architecture.md, "Server memory").
  serverExternalPackages: ["gpt-tokenizer", "nodemailer", "redis"],
  // A second build directory lets the e2e suite build without clobbering a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS },
      // Pages get their nonce policy from proxy.ts; everything else is not a document.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
    ];
  },
};

export default nextConfig;
