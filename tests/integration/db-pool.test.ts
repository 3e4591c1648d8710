import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { postgresBackends } from "./support/postgres-backends";
import { resetConfigForTests } from "@/tests/support/config";
import { warmPool, type Db } from "@/lib/db/client";
import { openDb } from "@/tests/support/db-slot";

// PostgreSQL only: SQLite has no connection pool (warmPool leaves it alone).
describe.each(testDatabases().filter((d) => d.name === "postgres"))("connection pool on $name", (target) => {
  let env: Provisioned;
  let client: Db;

  beforeAll(async () => {
    process.env.DATABASE_POOL_MIN = "6";
    resetConfigForTests();
    env = await provision(target);
    client = openDb(env.url);
  });
  afterAll(async () => {
    delete process.env.DATABASE_POOL_MIN;
    resetConfigForTests();
    await client?.$disconnect();
    await env?.drop();
  });

  const backends = () => postgresBackends(env.url);

  it("opens DATABASE_POOL_MIN connections up front, so a burst does not wait for new backends", async () => {
    const idle = await backends();
    await warmPool(client);
    expect((await backends()) - idle).toBe(6);
  });
});
