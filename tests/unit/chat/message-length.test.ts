import { describe, expect, it } from "vitest";
import { assertMessageLength } from "@/lib/chat/message-length";
import { AppError } from "@/lib/errors";

describe("assertMessageLength", () => {
  it("takes a message of exactly the cap", () => {
    expect(() => assertMessageLength(100_000, 100_000)).not.toThrow();
  });

  it("refuses one character more with a 413 that says how long it is, what fits and where long text goes", () => {
    let caught: unknown;
    try {
      assertMessageLength(100_001, 100_000);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AppError);
    const error = caught as AppError;
    expect([error.code, error.status, error.details]).toEqual(["too_large", 413, { length: 100_001, maxChars: 100_000 }]);
    expect(error.message).toBe("This message is 100,001 characters; a message can be at most 100,000. Attach long text as a file instead.");
  });
});
