import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/tests/support/config";
import { outboxPageOpen } from "@/lib/email/outbox-page";

// The outbox page shows everyone's reset links: open under `next dev`, or when an operator says so.
describe("outboxPageOpen", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  const open = (env: Record<string, string>) => {
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
    resetConfigForTests();
    return outboxPageOpen();
  };

  it("is open in development, closed in production, unless OUTBOX_PAGE says otherwise", () => {
    expect(open({ NODE_ENV: "development" })).toBe(true);
    expect(open({ NODE_ENV: "production" })).toBe(false);
    expect(open({ NODE_ENV: "production", OUTBOX_PAGE: "on" })).toBe(true);
    expect(open({ NODE_ENV: "development", OUTBOX_PAGE: "off" })).toBe(false);
  });
});
