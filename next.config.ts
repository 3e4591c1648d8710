import type { NextConfig } from "next";
import { API_CSP, COMMON_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
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
