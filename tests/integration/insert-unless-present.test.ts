import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { insertUnlessPresent } from "@/lib/db/unique-violation";

// The insert-if-absent of a guest's User row (lib/auth/session.ts) and of the generated session
// secret (lib/auth/secret.ts): a row already there is the expected race; any other failure surfaces.
describe.each(testDatabases())("insertUnlessPresent on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    env = await provision(target, "lrc_insert");
  });
  afterAll(() => env?.drop());

  it("tolerates the row being there already and leaves one row", async () => {
    await insertUnlessPresent(env.db.user.create({ data: { id: "guest-1" } }));
    await insertUnlessPresent(env.db.user.create({ data: { id: "guest-1" } }));
    await insertUnlessPresent(env.db.appSetting.create({ data: { key: "auth_secret", value: "first" } }));
    await insertUnlessPresent(env.db.appSetting.create({ data: { key: "auth_secret", value: "second" } }));
    expect(await env.db.user.count({ where: { id: "guest-1" } })).toBe(1);
    expect(await env.db.appSetting.findUnique({ where: { key: "auth_secret" } })).toMatchObject({ value: "first" });
  });

  it("throws any other database error", async () => {
    // A workspace for a user that does not exist: a foreign-key violation, not "already there".
    await expect(insertUnlessPresent(env.db.workspace.create({ data: { userId: "nobody-here" } }))).rejects.toMatchObject({
      code: "P2003",
    });
    // A table the database does not have (a schema behind the code).
    await expect(insertUnlessPresent(env.db.$executeRawUnsafe(`INSERT INTO "NoSuchTable" ("id") VALUES ('x')`))).rejects.toThrow(
      /NoSuchTable|does not exist|no such table/i,
    );
  });
});
