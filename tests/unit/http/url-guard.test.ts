import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { MAX_URL_BYTES, refuseUrl } from "../../../scripts/url-guard.mjs";

const code = (url: string) => (refuseUrl(url) as { body: { error: { code: string } } } | null)?.body.error.code ?? null;

describe("refuseUrl (before Next.js routes a request)", () => {
  it("refuses a malformed percent escape anywhere in the path, API or page", () => {
    for (const url of ["/api/threads/a%zz", "/t/a%zz", "/api/threads/x/files/a%", "/api/threads/x/files/%E0%A4%A", "/%ED%A0%80"]) {
      expect(code(url), url).toBe("bad_url");
    }
  });

  it("refuses empty segments, a trailing slash and backslashes in API paths instead of redirecting", () => {
    expect(code("/api/threads/x/files/a//b.md")).toBe("invalid_path");
    expect(code("/api/threads/x/files/dir/")).toBe("invalid_path");
    expect(code("/api/threads/")).toBe("invalid_path");
    expect(code("/api/threads/x/files/a\\b.md")).toBe("invalid_path");
  });

  it("refuses dot segments in API paths, raw or percent-encoded, instead of resolving them", () => {
    for (const url of [
      "/api/threads/x/files/a/../x.md",
      "/api/threads/x/files/./x.md",
      "/api/threads/x/files/a/%2e%2e/x.md",
      "/api/threads/x/files/%2E/x.md",
      "/api/threads/x/files/../x.md",
      "/api/threads/x/files/a/..",
    ]) {
      expect(code(url), url).toBe("invalid_path");
    }
    expect(refuseUrl("/api/threads/x/files/..x.md")).toBeNull();
    expect(refuseUrl("/api/threads/x/files/a/.hidden")).toBeNull();
  });

  it("refuses a URL longer than MAX_URL_BYTES with 414, query string included", () => {
    const url = (length: number) => `/api/threads?q=${"a".repeat(length - "/api/threads?q=".length)}`;
    expect(refuseUrl(url(MAX_URL_BYTES))).toBeNull();
    expect(refuseUrl(url(MAX_URL_BYTES + 1))).toEqual({
      status: 414,
      body: { error: { code: "url_too_long", message: expect.any(String) } },
    });
    expect(code(`/t/${"a".repeat(MAX_URL_BYTES)}`)).toBe("url_too_long");
  });

  it("lets well-formed URLs through, query strings untouched, pages' slashes left to Next", () => {
    for (const url of [
      "/",
      "/t/abc",
      "/api/threads",
      "/api/threads/x/files/a%20b.md?version=2",
      "/api/threads?x=%zz",
      "/t/abc/",
      "/_next/static/x.js",
    ]) {
      expect(refuseUrl(url), url).toBeNull();
    }
  });

  it("answers with a JSON error body and status 400", () => {
    expect(refuseUrl("/api/a%zz")).toEqual({ status: 400, body: { error: { code: "bad_url", message: expect.stringContaining("%25") } } });
  });
});
