import { describe, expect, it } from "vitest";
import { ApiError, conflictDetails, isConflict, isNotFound, readableError, toApiError } from "@/components/api/api-error";

describe("ApiError", () => {
  it("carries the server's code, message and the other fields of the error body", () => {
    const e = ApiError.fromBody(409, "Conflict", {
      error: { code: "conflict", message: "The file changed.", currentVersion: 4, lastAuthor: "agent", deleted: false },
    });
    expect(e).toMatchObject({ status: 409, code: "conflict", message: "The file changed." });
    expect(isConflict(e)).toBe(true);
    expect(conflictDetails(e)).toEqual({ currentVersion: 4, lastAuthor: "agent", deleted: false });
  });

  it("still gives a sentence when the body is not ours", () => {
    const e = ApiError.fromBody(502, "Bad Gateway", "<html>");
    expect(e).toMatchObject({ status: 502, code: "http", message: "The server answered 502 Bad Gateway." });
    expect(isNotFound(ApiError.fromBody(404, "Not Found", null))).toBe(true);
  });

  it("ignores conflict details of the wrong type", () => {
    const e = ApiError.fromBody(409, "", { error: { code: "conflict", message: "x", currentVersion: "4", lastAuthor: "robot" } });
    expect(conflictDetails(e)).toEqual({ currentVersion: null, lastAuthor: null, deleted: false });
  });
});

describe("toApiError: the chat stream's errors read back into the same class", () => {
  it("reads our JSON error out of the transport's raw body", () => {
    const e = toApiError(new Error(JSON.stringify({ error: { code: "turn_in_progress", message: "A reply is being written." } })));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: "turn_in_progress", message: "A reply is being written." });
  });

  it("names a failed fetch as the network, and keeps any other sentence as it is", () => {
    expect(toApiError(new TypeError("Failed to fetch")).code).toBe("network");
    expect(toApiError(new Error("The offline model failed on purpose."))).toMatchObject({
      code: "unknown",
      message: "The offline model failed on purpose.",
    });
    expect(readableError("")).toBe("Something went wrong. Please try again.");
  });
});
