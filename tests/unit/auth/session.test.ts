import { describe, expect, it } from "vitest";
import { cookieValue, decodeSession, encodeSession } from "@/lib/auth/guest-cookie";

const KEY = "a-test-secret-that-is-long-enough";

describe("session cookie", () => {
  it("round-trips a signed user id", () => {
    expect(decodeSession(encodeSession("user_123", KEY), KEY)).toBe("user_123");
  });

  it("rejects tampered, forged, foreign-key and malformed values", () => {
    const good = encodeSession("user_123", KEY);
    expect(decodeSession(good.replace("user_123", "user_124"), KEY)).toBeNull();
    expect(decodeSession(good, "another-secret-of-another-instance")).toBeNull();
    expect(decodeSession("user_123.forged", KEY)).toBeNull();
    expect(decodeSession("nodot", KEY)).toBeNull();
    expect(decodeSession("", KEY)).toBeNull();
    expect(decodeSession(undefined, KEY)).toBeNull();
  });

  it("finds one cookie's value in a Cookie header, and nothing in a malformed one", () => {
    expect(cookieValue("a=1; lrc_session=u.sig%3D; b=2", "lrc_session")).toBe("u.sig=");
    expect(cookieValue("xlrc_session=1; lrc_sessionx=2", "lrc_session")).toBeUndefined();
    expect(cookieValue("lrc_session=%E0%A4%A", "lrc_session")).toBeUndefined();
    expect(cookieValue(null, "lrc_session")).toBeUndefined();
  });
});
