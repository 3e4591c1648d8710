import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { storedValue } from "@/lib/db/stored-value";
import { CHECKED_COLUMNS } from "../../support/checked-columns";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Every migration of a provider, oldest first, as one script. */
function migrations(provider: "sqlite" | "postgres"): string {
  const dir = path.join(ROOT, "prisma", provider, "migrations");
  return fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, "migration.sql")))
    .sort()
    .map((d) => fs.readFileSync(path.join(dir, d, "migration.sql"), "utf8"))
    .join("\n");
}

const valueList = (sql: string) => [...sql.matchAll(/'([^']*)'/g)].map((m) => m[1]);

/**
 * PostgreSQL: "<table>_<column>_check" -> the values its CHECK (... IN (...)) allows. The last
 * definition wins; a dropped constraint or table (a later rebuild) takes its checks with it.
 */
function postgresChecks(sql: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const re =
    /ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+_check)" CHECK \("\w+" IN \(([^)]*)\)\)|DROP CONSTRAINT (?:IF EXISTS )?"(\w+_check)"|DROP TABLE (?:IF EXISTS )?"(\w+)"/g;
  for (const m of sql.matchAll(re)) {
    if (m[4]) {
      out.delete(m[4]);
    } else if (m[5]) {
      for (const name of out.keys()) if (name.startsWith(`${m[5]}_`)) out.delete(name);
    } else {
      out.set(m[2], valueList(m[3]));
    }
  }
  return out;
}

/**
 * SQLite: trigger name -> its table, column and the values its WHEN ... NOT IN (...) allows. A
 * dropped trigger or table (Prisma rebuilds a table to change it, and its triggers go with it)
 * removes them.
 */
function sqliteTriggers(sql: string): Map<string, { table: string; column: string; values: string[] }> {
  const out = new Map<string, { table: string; column: string; values: string[] }>();
  const re =
    /CREATE TRIGGER "(\w+_check_(?:insert|update))" BEFORE (?:INSERT|UPDATE OF "\w+") ON "(\w+)"\s+WHEN NEW\."(\w+)" NOT IN \(([^)]*)\)|DROP TRIGGER (?:IF EXISTS )?"(\w+_check_(?:insert|update))"|DROP TABLE (?:IF EXISTS )?"(\w+)"/g;
  for (const m of sql.matchAll(re)) {
    if (m[5]) {
      out.delete(m[5]);
    } else if (m[6]) {
      for (const [name, t] of out) if (t.table === m[6]) out.delete(name);
    } else {
      out.set(m[1], { table: m[2], column: m[3], values: valueList(m[4]) });
    }
  }
  return out;
}

/** "<model>.<field>" -> "String" or "String?", from prisma/models.prisma. */
function schemaFields(): Map<string, string> {
  const text = fs.readFileSync(path.join(ROOT, "prisma/models.prisma"), "utf8");
  const out = new Map<string, string>();
  for (const model of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    for (const field of model[2].matchAll(/^\s+(\w+)\s+(\w+\??)/gm)) out.set(`${model[1]}.${field[1]}`, field[2]);
  }
  return out;
}

describe("closed columns: the code's lists, the schema and the migrations agree", () => {
  const pg = postgresChecks(migrations("postgres"));
  const sqlite = sqliteTriggers(migrations("sqlite"));
  const fields = schemaFields();

  it.each(CHECKED_COLUMNS)("$table $column", ({ table, column, values, nullable }) => {
    expect(fields.get(`${table}.${column}`)).toBe(nullable ? "String?" : "String");
    const sorted = [...values].sort();
    expect(pg.get(`${table}_${column}_check`)?.sort()).toEqual(sorted);
    for (const when of ["insert", "update"]) {
      const trigger = sqlite.get(`${table}_${column}_check_${when}`);
      expect(trigger).toMatchObject({ table, column });
      expect(trigger?.values.sort()).toEqual(sorted);
    }
  });

  it("every checked column in the migrations has a list in the code", () => {
    const known = new Set(CHECKED_COLUMNS.map((c) => `${c.table}_${c.column}`));
    expect([...pg.keys()].map((k) => k.replace(/_check$/, "")).filter((k) => !known.has(k))).toEqual([]);
    expect([...sqlite.keys()].map((k) => k.replace(/_check_(insert|update)$/, "")).filter((k) => !known.has(k))).toEqual([]);
  });
});

describe("storedValue", () => {
  it("returns a listed value and refuses one the code does not know, naming the column", () => {
    expect(storedValue(["a", "b"] as const, "b", "T.c")).toBe("b");
    expect(() => storedValue(["a", "b"] as const, "z", "T.c")).toThrow(/T\.c holds "z"/);
  });
});
