import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "./lib/config";
import { pagePolicy } from "./lib/http/page-policy.mjs";

/*
 * Pages get a Content-Security-Policy with a fresh nonce per request. Next.js reads the policy from
 * the request headers and puts the nonce on its own scripts; that is why pages are rendered per
 * request (app/layout.tsx reads the headers). The other security headers come from next.config.ts.
 *
 * Only where no server of ours is in front of Next (serverless hosting): `npm start`'s server
 * (scripts/serve.mjs) applies the same policy itself and marks every request with its peer header,
 * which the matcher below skips, sparing the document's first byte the proxy's cost.
 */
export function proxy(request: NextRequest) {
  const { nonce, csp } = pagePolicy(
    { header: (name) => request.headers.get(name), url: request.url },
    { dev: process.env.NODE_ENV === "development", trustProxy: appConfig().TRUST_PROXY },
  );
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  // Documents only (isDocumentRequest in lib/http/page-policy.mjs is the same rule), and only those
  // that did not come through scripts/serve.mjs (PEER_HEADER, lib/http/origin-rules.mjs). Literal
  // values: Next reads this config at build time. tests/unit/http/page-policy.test.ts checks both.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
        { type: "header", key: "x-longrun-peer" },
      ],
    },
  ],
};
