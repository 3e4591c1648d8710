import type { NextConfig } from "next";
import { API_CSP, COMMON_HEADERS } from "./lib/http/common-headers.mjs";

// Written in erasable TypeScript only (no enums, no namespaces, type-only imports marked), so Node
// 22.18+ loads it with its own type stripping: scripts/start.mjs and scripts/serve.mjs turn on Next's
// native loader there (`--experimental-next-config-strip-types`). Next's default loader transpiles
// the file with its native SWC binding, which then stays mapped with its thread pool for the life
// of the server (28 MB of RSS); on Node 20 that default is still what runs.

const nextConfig: NextConfig = {
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  // Loaded by Node's own require, once per process, instead of bundled. Turbopack gives pages and
  // route handlers separate module caches and copies shared code into a chunk per route group, so
  // a bundled package is held once per chunk file that a request loads: the o200k tables (a 2.4 MB
  // source and ~20 MB of rank maps) were held twice, redis and nodemailer (0.8 MB of source, two
  // bytes a character) seven times. Measured with heap snapshots after `npm run bench -- paint`'s
  // 20 opens (see docs/architecture.md, "Server memory"). @vercel/functions' index loads all of its
  // modules; bundled into each route's chunk it cost the server 6 MB of RSS (median of 3 starts).
  serverExternalPackages: ["gpt-tokenizer", "nodemailer", "redis", "@vercel/functions", "unpdf"],
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
