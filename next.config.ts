import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  // A second build directory lets the e2e suite build without clobbering a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
