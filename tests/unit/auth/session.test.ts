import { beforeAll, describe, expect, it } from "vitest";
import { decodeSession, encodeSession } from "@/lib/auth/session";
import { resetConfigForTests } from "@/lib/config";

describe("session cookie", () => {
  beforeAll(() => {
    process.env.AUTH_SECRET = "a-test-secret-that-is-long-enough";
    resetConfigForTests();
  });

  it("round-trips a signed user id", () => {
    expect(decodeSession(encodeSession("user_123"))).toBe("user_123");
  });

  it("rejects tampered, forged and malformed values", () => {
    const good = encodeSession("user_123");
    expect(decodeSession(good.replace("user_123", "user_124"))).toBeNull();
    expect(decodeSession("user_123.forged")).toBeNull();
    expect(decodeSession("nodot")).toBeNull();
    expect(decodeSession("")).toBeNull();
    expect(decodeSession(undefined)).toBeNull();
  });
});
