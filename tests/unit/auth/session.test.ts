import { describe, expect, it } from "vitest";
import { decodeSession, encodeSession } from "@/lib/auth/session";

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
});
