import { describe, expect, it } from "vitest";
import { assertJsonContentType, assertSameOrigin } from "@/lib/http/same-origin";

const h = (init: Record<string, string>) => new Headers(init);
const OWN = "http://127.0.0.1:3000";

// No front server, no settings: the fallback where the Origin must name the request's Host.
const RULES = { trustProxy: false };
const req = (headers: Record<string, string>) => ({ headers: new Headers(headers), url: `${OWN}/api/threads` });

describe("assertSameOrigin", () => {
  it("accepts our own Origin, and requests without Origin or Sec-Fetch-Site (scripts, curl)", () => {
    expect(() => assertSameOrigin(req({ origin: OWN }), RULES)).not.toThrow();
    expect(() => assertSameOrigin(req({}), RULES)).not.toThrow();
    expect(() => assertSameOrigin(req({ "sec-fetch-site": "same-origin" }), RULES)).not.toThrow();
    expect(() => assertSameOrigin(req({ "sec-fetch-site": "none" }), RULES)).not.toThrow();
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
      expect(() => assertSameOrigin(req(headers), RULES), JSON.stringify(headers)).toThrow(
        expect.objectContaining({ code: "forbidden", status: 403 }),
      );
    }
  });

  it("the Origin decides even when fetch metadata claims same-origin", () => {
    expect(() => assertSameOrigin(req({ origin: "http://evil.test", "sec-fetch-site": "same-origin" }), RULES)).toThrow();
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
