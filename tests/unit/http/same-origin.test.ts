import { describe, expect, it } from "vitest";
import { assertJsonContentType, assertSameOrigin, ownOrigin, requestProtocol } from "@/lib/http/same-origin";

const h = (init: Record<string, string>) => new Headers(init);
const OWN = "http://127.0.0.1:3000";

describe("assertSameOrigin", () => {
  it("accepts our own Origin, and requests without Origin or Sec-Fetch-Site (scripts, curl)", () => {
    expect(() => assertSameOrigin(h({ origin: OWN }), OWN)).not.toThrow();
    expect(() => assertSameOrigin(h({}), OWN)).not.toThrow();
    expect(() => assertSameOrigin(h({ "sec-fetch-site": "same-origin" }), OWN)).not.toThrow();
    expect(() => assertSameOrigin(h({ "sec-fetch-site": "none" }), OWN)).not.toThrow();
  });

  it("refuses another origin, a sibling port, a null origin and cross-site fetch metadata with 403", () => {
    for (const headers of <Record<string, string>[]>[
      { origin: "http://evil.test" },
      { origin: "http://127.0.0.1:3001" },
      { origin: "https://127.0.0.1:3000" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      expect(() => assertSameOrigin(h(headers), OWN), JSON.stringify(headers)).toThrow(
        expect.objectContaining({ code: "forbidden", status: 403 }),
      );
    }
  });

  it("the Origin decides even when fetch metadata claims same-origin", () => {
    expect(() => assertSameOrigin(h({ origin: "http://evil.test", "sec-fetch-site": "same-origin" }), OWN)).toThrow();
  });
});

describe("ownOrigin", () => {
  const req = (headers: Record<string, string>) => new Request("http://localhost:3000/api/threads", { headers });

  it("is APP_URL when configured, whatever the Host says", () => {
    expect(ownOrigin(req({ host: "evil.test" }), { appUrl: "https://chat.example.com/app", trustProxy: false })).toBe(
      "https://chat.example.com",
    );
  });

  it("is the request's Host otherwise; forwarded headers count only behind a trusted proxy", () => {
    const forwarded = req({ host: "127.0.0.1:3000", "x-forwarded-proto": "https", "x-forwarded-host": "chat.example.com" });
    expect(ownOrigin(forwarded, { trustProxy: false })).toBe("http://127.0.0.1:3000");
    expect(ownOrigin(forwarded, { trustProxy: true })).toBe("https://chat.example.com");
    expect(requestProtocol(forwarded, false)).toBe("http:");
    expect(requestProtocol(forwarded, true)).toBe("https:");
  });
});

describe("assertJsonContentType", () => {
  it("accepts JSON (any parameters) and a request with no body and no type", () => {
    expect(() => assertJsonContentType(h({ "content-type": "application/json" }))).not.toThrow();
    expect(() => assertJsonContentType(h({ "content-type": "Application/JSON; charset=utf-8" }))).not.toThrow();
    expect(() => assertJsonContentType(h({}))).not.toThrow();
    expect(() => assertJsonContentType(h({ "content-length": "0" }))).not.toThrow();
  });

  it("refuses forms, text and a body without a type with 415, chunked bodies included", () => {
    for (const headers of <Record<string, string>[]>[
      { "content-type": "text/plain", "content-length": "3" },
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "multipart/form-data; boundary=x" },
      { "content-type": "application/jsonx" },
      { "content-length": "5" },
      { "transfer-encoding": "chunked" },
    ]) {
      expect(() => assertJsonContentType(h(headers)), JSON.stringify(headers)).toThrow(
        expect.objectContaining({ code: "unsupported_media_type", status: 415 }),
      );
    }
  });
});
