import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { postgresBackends } from "./support/postgres-backends";
import { afterResponse } from "@/lib/background/after-response";
import { resetConfigForTests } from "@/tests/support/config";
import { warmPool, type Db } from "@/lib/db/client";
import { openDb } from "@/tests/support/db-slot";
// lib/db/pool-options.ts holds at most this many connections per function on Vercel.
const SERVERLESS_POOL_MAX = 5;

// Vercel's runtime hands each invocation a request context under this symbol; @vercel/functions
// reads waitUntil from it. Simulated here as the platform would install it.
const REQUEST_CONTEXT = Symbol.for("@vercel/request-context");
const kept: Promise<unknown>[] = [];
const platform = globalThis as unknown as Record<symbol, unknown>;
const enterVercelInvocation = () => {
  platform[REQUEST_CONTEXT] = { get: () => ({ waitUntil: (p: Promise<unknown>) => void kept.push(p) }) };
};
afterEach(() => {
  delete platform[REQUEST_CONTEXT];
  kept.length = 0;
});

describe("background work outside a Next request scope", () => {
  it("starts at once and is handed to Vercel's waitUntil, which keeps the invocation alive until it ends", async () => {
    enterVercelInvocation();
    let done = false;
    afterResponse("test work", async () => {
      await new Promise((r) => setTimeout(r, 50));
      done = true;
    });
    expect(kept).toHaveLength(1);
    expect(done).toBe(false);
    await kept[0];
    expect(done).toBe(true);
  });

  it("runs without a platform too, and a failure is logged, not thrown at the caller", async () => {
    let ran = false;
    expect(() =>
      afterResponse("failing work", async () => {
        ran = true;
        throw new Error("boom");
      }),
    ).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toBe(true);
  });
});

// PostgreSQL only: SQLite has no pool.
describe.each(testDatabases().filter((d) => d.name === "postgres"))("the PostgreSQL pool on Vercel ($name)", (target) => {
  let env: Provisioned;
  let client: Db;
  const vercelEnv = { VERCEL: "1", VERCEL_URL: "app.example.vercel.app", VERCEL_REGION: "iad1", DATABASE_POOL_MIN: "6" };

  beforeAll(async () => {
    Object.assign(process.env, vercelEnv);
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    for (const key of Object.keys(vercelEnv)) delete process.env[key];
    resetConfigForTests();
    await client?.$disconnect();
    await env?.drop();
  });

  const backends = () => postgresBackends(env.url);

  it("holds few connections, opens none ahead, and keeps the function alive until idle ones are closed", async () => {
    await env.db.$disconnect();
    const before = await backends();
    client = openDb(env.url);
    await warmPool(client);
    expect(await backends()).toBe(before);

    enterVercelInvocation();
    await Promise.all(Array.from({ length: 20 }, () => client.$queryRawUnsafe("SELECT pg_sleep(0.05)::text AS slept")));
    const during = await backends();
    expect(during - before).toBeGreaterThan(0);
    expect(during - before).toBeLessThanOrEqual(SERVERLESS_POOL_MAX);

    // attachDatabasePool handed Vercel a promise on each release; the last one settles once the
    // pool's idle timeout has passed, by which time the connections are closed.
    expect(kept.length).toBeGreaterThan(0);
    await kept.at(-1);
    await expect.poll(backends, { timeout: 2_000 }).toBe(before);
  });
});
