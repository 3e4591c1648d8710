import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { CHECKED_COLUMNS } from "../support/checked-columns";

// The migration checked_status_columns makes the database refuse a closed column's unknown value
// (a CHECK on PostgreSQL, triggers on SQLite). Every column's check is looked up in the migrated
// database; one table's insert and update and one nullable column show what a check does.

/**
 * The write fails and names the column's check. SQLite's adapter reports a trigger's RAISE as a
 * foreign key violation (P2003), so the trigger's own message is only in the error's meta, which
 * the server log prints with it.
 */
async function expectRefused(write: Promise<unknown>, check: string) {
  const error = await write.then(
    () => null,
    (e: unknown) => e as { message: string; meta?: unknown },
  );
  expect(error, "the write was refused").not.toBeNull();
  const [table, column] = check.split(".");
  expect(`${error!.message} ${JSON.stringify(error!.meta ?? {})}`).toMatch(
    new RegExp(`${table}_${column}_check|${table}\\.${column} must be one of`),
  );
}

describe.each(testDatabases())("closed columns on $name", (target) => {
  let env: Provisioned;
  let threadId: string;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target, "lrc_checked");
    userId = (await env.db.user.create({ data: {} })).id;
    const ws = await env.db.workspace.create({ data: { userId } });
    threadId = (await env.db.thread.create({ data: { userId, workspaceId: ws.id } })).id;
  });
  afterAll(() => env?.drop());

  it("every closed column's check is in the migrated database", async () => {
    // The applied state, not the files: a later migration that rebuilt a table would have dropped them.
    const rows =
      target.name === "sqlite"
        ? await env.db.$queryRawUnsafe<Array<{ name: string; def: string }>>(
            `SELECT "name", "sql" AS "def" FROM sqlite_master WHERE "type" = 'trigger'`,
          )
        : await env.db.$queryRawUnsafe<Array<{ name: string; def: string }>>(
            `SELECT "conname" AS "name", pg_get_constraintdef("oid") AS "def" FROM pg_constraint WHERE "contype" = 'c'`,
          );
    const defs = new Map(rows.map((r) => [r.name, r.def]));
    for (const { table, column, values } of CHECKED_COLUMNS) {
      const names =
        target.name === "sqlite" ? [`${table}_${column}_check_insert`, `${table}_${column}_check_update`] : [`${table}_${column}_check`];
      for (const name of names) {
        expect(defs.get(name), name).toBeDefined();
        for (const value of values) expect(defs.get(name), name).toContain(`'${value}'`);
      }
    }
  });

  const message = (seq: number, status: string) => ({ threadId, seq, role: "user", parts: "[]", text: "hi", tokens: 1, status });

  it("an insert with an unknown status is refused; a known one is stored", async () => {
    await expectRefused(env.db.message.create({ data: message(1, "done") }), "Message.status");
    await expect(env.db.message.create({ data: message(1, "complete") })).resolves.toMatchObject({ status: "complete" });
  });

  it("an update to an unknown status is refused and the row keeps its value", async () => {
    const row = await env.db.message.create({ data: message(2, "streaming") });
    await expectRefused(env.db.message.update({ where: { id: row.id }, data: { status: "finished" } }), "Message.status");
    expect(await env.db.message.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "streaming" });
    await env.db.message.update({ where: { id: row.id }, data: { status: "interrupted" } });
    expect(await env.db.message.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "interrupted" });
  });

  it("a nullable closed column takes null and its listed values, nothing else", async () => {
    const row = await env.db.actionLedger.create({
      data: {
        scope: "t",
        key: "k",
        userId,
        type: "send_email",
        provider: "outbox",
        request: "{}",
        requestHash: "h",
        status: "started",
        providerKey: "k",
      },
    });
    expect(row.learnedBy).toBeNull();
    await expectRefused(env.db.actionLedger.update({ where: { id: row.id }, data: { learnedBy: "guess" } }), "ActionLedger.learnedBy");
    await expect(env.db.actionLedger.update({ where: { id: row.id }, data: { learnedBy: "lookup" } })).resolves.toMatchObject({
      learnedBy: "lookup",
    });
  });
});
