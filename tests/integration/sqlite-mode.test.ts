import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, type Provisioned } from "./support/databases";
import { dbReady } from "@/lib/db/client";

describe("SQLite connection", () => {
  let env: Provisioned;
  beforeAll(async () => {
    env = await provision({ name: "sqlite", url: "" });
  });
  afterAll(async () => env?.drop());

  it("runs in WAL mode with a busy timeout, so readers never block the writer and writers wait", async () => {
    await dbReady(env.db);
    const mode = await env.db.$queryRawUnsafe<Array<{ journal_mode: string }>>("PRAGMA journal_mode");
    expect(mode[0].journal_mode).toBe("wal");
    const timeout = await env.db.$queryRawUnsafe<Array<Record<string, number | bigint>>>("PRAGMA busy_timeout");
    expect(Number(Object.values(timeout[0])[0])).toBeGreaterThanOrEqual(5000);
  });
});
