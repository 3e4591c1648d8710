import { APICallError } from "ai";
import { describe, expect, it, vi } from "vitest";
import { describeModelError } from "@/lib/chat/errors";

describe("describeModelError", () => {
  it("explains a context overflow", () => {
    const err = new APICallError({ message: "too long", url: "x", requestBodyValues: {}, statusCode: 400, data: { error: { code: "context_length_exceeded" } } });
    expect(describeModelError(err)).toMatch(/context window/);
  });
  it("passes a provider's own error on, with its status", () => {
    const err = new APICallError({ message: "model overloaded", url: "x", requestBodyValues: {}, statusCode: 529 });
    expect(describeModelError(err)).toBe("The model provider returned an error (HTTP 529): model overloaded");
  });
  it("never shows internal error text", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const text = describeModelError(new Error("connect ECONNREFUSED db.internal:5432"));
    expect(text).not.toContain("db.internal");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
