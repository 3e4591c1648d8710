import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/http/client-address";
import { isDocumentRequest, pagePolicy } from "@/lib/http/page-policy.mjs";
import { config as proxyConfig, proxy } from "@/proxy";

// The page policy has two doors that must agree: the front server (scripts/serve.mjs, `npm start`)
// and proxy.ts (hosting without it). The front server's own behaviour over HTTP is in
// tests/e2e/security.spec.ts.

const headers =
  (h: Record<string, string> = {}) =>
  (name: string) =>
    new Headers(h).get(name);
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe("pagePolicy", () => {
  it("gives every document a fresh nonce, the only way a script runs", () => {
    const a = pagePolicy({ header: headers() }, { dev: false, trustProxy: false });
    const b = pagePolicy({ header: headers() }, { dev: false, trustProxy: false });
    expect(a.nonce).not.toBe(b.nonce);
    expect(nonceOf(a.csp)).toBe(a.nonce);
    expect(a.csp).toContain("'strict-dynamic'");
    expect(a.csp).not.toContain("unsafe-eval");
    expect(a.csp).toContain("frame-ancestors 'none'");
  });

  it("upgrades insecure requests only over HTTPS, which a forwarded header proves only from a trusted proxy", () => {
    const forwarded = headers({ "x-forwarded-proto": "https" });
    expect(pagePolicy({ header: forwarded }, { dev: false, trustProxy: true }).csp).toContain("upgrade-insecure-requests");
    expect(pagePolicy({ header: forwarded }, { dev: false, trustProxy: false }).csp).not.toContain("upgrade-insecure-requests");
    expect(pagePolicy({ header: headers(), url: "https://chat.example.com/" }, { dev: false, trustProxy: false }).csp).toContain(
      "upgrade-insecure-requests",
    );
  });

  it("lets the development server evaluate code and open its socket", () => {
    const { csp } = pagePolicy({ header: headers() }, { dev: true, trustProxy: false });
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
  });
});

describe("which requests are documents: the front server's rule and proxy.ts's matcher agree", () => {
  const [matcher] = proxyConfig.matcher;
  const matcherSource = new RegExp(`^${matcher.source}$`);
  const paths = [
    "/",
    "/t/abc",
    "/t/abc?x=1",
    "/account/reset",
    "/api/threads",
    "/api/chat",
    "/_next/static/chunks/a.js",
    "/_next/image?url=x",
    "/favicon.ico",
    "/icon.svg",
  ];

  it.each(paths)("%s", (path) => {
    expect(isDocumentRequest(path, headers())).toBe(matcherSource.test(path.split("?")[0]));
  });

  it("prefetches are no documents, in both", () => {
    expect(isDocumentRequest("/t/abc", headers({ "next-router-prefetch": "1" }))).toBe(false);
    expect(isDocumentRequest("/t/abc", headers({ purpose: "prefetch" }))).toBe(false);
    expect(matcher.missing).toEqual(
      expect.arrayContaining([
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ]),
    );
  });

  it("the matcher skips what the front server has marked, so the policy is applied once", () => {
    expect(matcher.missing).toContainEqual({ type: "header", key: PEER_HEADER });
  });
});

describe("proxy.ts, where no front server is", () => {
  it("puts the policy on the response and the nonce on the request Next renders", () => {
    const response = proxy(new NextRequest("http://chat.test/t/abc"));
    const csp = response.headers.get("content-security-policy")!;
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    // NextResponse.next({ request: { headers } }) passes request headers on as x-middleware-request-*.
    expect(response.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });
});
