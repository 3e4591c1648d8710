// Offline replacement for `prisma migrate deploy | status` and `migrate dev --create-only`, through
// @prisma/schema-engine-wasm and the app's own driver adapter. Writes the same
// prisma/<provider>/migrations/<UTC timestamp>_<name>/migration.sql layout and _prisma_migrations
// table as the CLI, so connected machines can keep using it. Used by scripts/migrate.mjs, `npm start`
// and the integration tests.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";

const root = path.resolve(import.meta.dirname, "..");

export function providerOf(url) {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

async function makeFactory(url) {
  if (providerOf(url) === "sqlite") {
    const file = url.replace(/^file:/, "");
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSqlite3({ url }); // shadow DB = :memory:
  }
  const { PrismaPg } = await import("@prisma/adapter-pg");
  // The engine's schema describer selects pg_catalog "char" columns (OID 18), which adapter-pg rejects.
  const Result = createRequire(import.meta.url)("pg/lib/result");
  if (!Result.prototype.__charPatched) {
    const addFields = Result.prototype.addFields;
    Result.prototype.addFields = function (fds) {
      for (const f of fds) if (f.dataTypeID === 18) f.dataTypeID = 25;
      return addFields.call(this, fds);
    };
    Result.prototype.__charPatched = true;
  }
  // Read as text, though, the one "char" the describer converts to a character (a CHECK constraint's
  // contype: the migration checked_status_columns adds some) made the engine panic while creating a
  // migration. adapter-pg has no character type of its own, so that column is handed over as one.
  const withCharColumns = (adapter) => {
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (q) => {
      const r = await queryRaw(q);
      r.columnTypes = r.columnTypes.map((t, i) => (r.columnNames[i] === "constraint_type" ? ColumnTypeEnum.Character : t));
      return r;
    };
    return adapter;
  };
  // adapter-pg's own connectToShadowDb can end up on the main database and drops the shadow database
  // before closing its pool, so build a safe one. Whole URLs keep sslmode, host sockets and options.
  const main = new PrismaPg({ connectionString: url });
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => withCharColumns(await main.connect()),
    async connectToShadowDb() {
      const admin = await main.connect();
      const db = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
      await admin.executeScript(`CREATE DATABASE "${db}"`);
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${db}`;
      const shadow = withCharColumns(await new PrismaPg({ connectionString: shadowUrl.toString() }).connect());
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await admin.executeScript(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
        await admin.dispose();
      };
      return shadow;
    },
  };
}

// The wasm engine replays each migration on the shadow DB as one multi-statement executeRaw().
// Connections are tracked so they can be closed: engine.free() leaves them open, and an open
// SQLite connection would keep the file locked for the app in the same process.
function withShadowScriptFix(f, opened) {
  return {
    provider: f.provider,
    adapterName: f.adapterName,
    connect: async () => {
      const a = await f.connect();
      opened.push(a);
      return a;
    },
    async connectToShadowDb() {
      const a = await f.connectToShadowDb();
      const raw = a.executeRaw.bind(a);
      a.executeRaw = (q) => (q.args.length === 0 ? a.executeScript(q.sql).then(() => 0) : raw(q));
      return a;
    },
  };
}

let wasmReady = false;
function loadWasm() {
  if (wasmReady) return;
  const wasmUrl = new URL("./schema_engine_bg.wasm", import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(wasmUrl)), { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (m) => console.error("wasm panic:", m) };
  wasmReady = true;
}

function listMigrations(migrationsDir) {
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const lockfile = { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null };
  const dirs = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  const migrationDirectories = dirs
    .sort((a, b) => a.localeCompare(b))
    .map((d) => {
      const p = path.join(migrationsDir, d, "migration.sql");
      const content = fs.existsSync(p) ? { tag: "ok", value: fs.readFileSync(p, "utf8") } : { tag: "error", value: "missing" };
      return { path: d, migrationFile: { path: "migration.sql", content } };
    });
  return { baseDir: migrationsDir, lockfile, shadowDbInitScript: "", migrationDirectories };
}

const filters = { externalTables: [], externalEnums: [] };

async function withEngine(url, fn) {
  loadWasm();
  const provider = providerOf(url);
  const schemaPath = path.join(root, "prisma", provider, "schema.prisma");
  const migrationsDir = path.join(root, "prisma", provider, "migrations");
  const schemaText = fs.readFileSync(schemaPath, "utf8");
  const opened = [];
  const bound = bindMigrationAwareSqlAdapterFactory(withShadowScriptFix(await makeFactory(url), opened));
  const log = process.env.DEBUG_SCHEMA_ENGINE ? (l) => console.error(l) : () => {};
  const engine = await bg.SchemaEngine.new({ datamodels: [[path.basename(schemaPath), schemaText]] }, log, bound);
  try {
    return await fn({ engine, provider, schemaPath, schemaText, migrationsDir });
  } catch (e) {
    for (const m of String(e?.message ?? e).matchAll(/External error id#(\d+)/g)) {
      console.error(`external error #${m[1]}:`, bound.errorRegistry.consumeError(Number(m[1]))?.error);
    }
    throw e;
  } finally {
    engine.free();
    for (const a of opened) await a.dispose().catch(() => {});
  }
}

/** = prisma migrate deploy. Returns the names of the migrations it applied. */
export function deployMigrations(url) {
  return withEngine(url, async ({ engine, migrationsDir }) => {
    const r = await engine.applyMigrations({ migrationsList: listMigrations(migrationsDir), filters });
    return r.appliedMigrationNames;
  });
}

export function migrationStatus(url) {
  return withEngine(url, ({ engine, migrationsDir }) =>
    engine.diagnoseMigrationHistory({ migrationsList: listMigrations(migrationsDir), optInToShadowDatabase: false, filters }),
  );
}

/** = prisma migrate dev --create-only. Returns the new folder, or null when the schema is unchanged. */
export function createMigration(url, name) {
  return withEngine(url, async ({ engine, provider, schemaPath, schemaText, migrationsDir }) => {
    fs.mkdirSync(migrationsDir, { recursive: true });
    const lockPath = path.join(migrationsDir, "migration_lock.toml");
    if (!fs.existsSync(lockPath)) {
      const p = provider === "postgres" ? "postgresql" : "sqlite";
      fs.writeFileSync(
        lockPath,
        `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${p}"\n`,
      );
    }
    const res = await engine.diff({
      from: { tag: "migrations", ...listMigrations(migrationsDir) },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schemaText }] },
      script: true,
      exitCode: true,
      filters,
    });
    if (res.exitCode !== 2) return null;
    const ts = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${ts}_${name.replace(/[^A-Za-z0-9_]/g, "_")}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "migration.sql"), res.stdout);
    return dir;
  });
}
