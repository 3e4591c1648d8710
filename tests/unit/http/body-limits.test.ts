import { describe, expect, it } from "vitest";
import { attachmentsBodyLimit, bodyLimitFor, importBodyLimit } from "@/lib/http/body-limits.mjs";

const settings = { MAX_MESSAGE_CHARS: 1000, MAX_FILE_BYTES: 1000, MAX_IMPORT_BYTES: 5_000_000, MAX_ATTACHMENT_BYTES: 3_000_000 };

describe("bodyLimitFor", () => {
  it("lets only the upload routes' bodies grow past the largest JSON body", () => {
    expect(bodyLimitFor("/api/import", settings)).toBe(importBodyLimit(5_000_000));
    expect(bodyLimitFor("/api/threads/t1/attachments?x=1", settings)).toBe(attachmentsBodyLimit(3_000_000));
    for (const url of ["/api/threads/t1/attachments/a.png", "/api/threads/t1/files/attachments", "/api/chat"]) {
      expect(bodyLimitFor(url, settings)).toBeLessThan(100_000);
    }
  });
});
