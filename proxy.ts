import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "./lib/config";
import { requestProtocol } from "./lib/http/own-origin";
import { pageCsp } from "./lib/http/security-headers";

/*
 * Pages get a Content-Security-Policy with a fresh nonce per request. Next.js reads the policy from
 * the request headers and puts the nonce on its own scripts; that is why pages are rendered per
 * request (app/layout.tsx reads the headers). The other security headers come from next.config.ts.
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const https = requestProtocol(request, appConfig().TRUST_PROXY) === "https:";
  const csp = pageCsp(nonce, { dev: process.env.NODE_ENV === "development", https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  // Documents only: the API and static files get their headers from next.config.ts.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
