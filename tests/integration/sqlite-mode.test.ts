import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, type Provisioned } from "./support/databases";

describe("SQLite connection", () => {
  let env: Provisioned;
  beforeAll(async () => {
    env = await provision({ name: "sqlite", url: "" });
  });
  afterAll(async () => env?.drop());

  it("runs in WAL mode with a busy timeout, so readers never block the writer and writers wait", async () => {
    // The client switches to WAL as it opens, without waiting for it.
    const mode = async () => (await env.db.$queryRawUnsafe<Array<{ journal_mode: string }>>("PRAGMA journal_mode"))[0].journal_mode;
    await expect.poll(mode).toBe("wal");
    const timeout = await env.db.$queryRawUnsafe<Array<Record<string, number | bigint>>>("PRAGMA busy_timeout");
    expect(Number(Object.values(timeout[0])[0])).toBeGreaterThanOrEqual(5000);
  });
});
