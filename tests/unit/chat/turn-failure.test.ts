import { APICallError, RetryError } from "ai";
import { describe, expect, it, vi } from "vitest";
import { classifyTurnError } from "@/lib/chat/turn-failure";
import { AppError } from "@/lib/errors";

const apiError = (statusCode: number, message = "boom", data?: unknown) =>
  new APICallError({ message, url: "x", requestBodyValues: {}, statusCode, data });

describe("classifyTurnError", () => {
  it("names a context overflow, retryable once the background summary lands", () => {
    const f = classifyTurnError(apiError(400, "too long", { error: { code: "context_length_exceeded" } }));
    expect(f).toMatchObject({ code: "context_overflow", retryable: true });
    expect(f.message).toMatch(/context window/);
  });

  it.each([
    [429, "rate_limited", true],
    [401, "auth", false],
    [403, "auth", false],
    [500, "provider_down", true],
    [529, "provider_down", true],
    [400, "bad_request", false],
  ])("HTTP %i is %s (retryable %s)", (status, code, retryable) => {
    expect(classifyTurnError(apiError(status))).toMatchObject({ code, retryable });
  });

  it("looks through the SDK's retry wrapper", () => {
    const wrapped = new RetryError({ message: "failed after retries", reason: "maxRetriesExceeded", errors: [apiError(429)] });
    expect(classifyTurnError(wrapped).code).toBe("rate_limited");
  });

  it("passes a provider's own error text on, with its status", () => {
    expect(classifyTurnError(apiError(529, "model overloaded")).message).toBe(
      "The model provider returned an error (HTTP 529): model overloaded",
    );
  });

  it("treats network failures as the provider being down", () => {
    expect(classifyTurnError(new TypeError("fetch failed")).code).toBe("provider_down");
  });

  it("words an attachment store that did not answer in its own words, retryable", () => {
    const unavailable = new AppError("storage_unavailable", "An attached file could not be read from the attachment store.");
    expect(classifyTurnError(unavailable)).toEqual({ code: "internal", retryable: true, message: unavailable.message });
  });

  it("never shows internal error text", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const f = classifyTurnError(new Error('relation "Message" does not exist at db.internal'));
    expect(f.code).toBe("internal");
    expect(f.message).not.toContain("db.internal");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
