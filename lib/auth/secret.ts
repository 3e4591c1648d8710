import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { db, isPostgresUrl } from "@/lib/db/client";
import { insertUnlessPresent } from "@/lib/db/unique-violation";

let cached: string | undefined;

/**
 * The key that signs session cookies: AUTH_SECRET when set; otherwise one generated on first use
 * and kept where every instance finds it: the data folder for SQLite (one machine), the database
 * for PostgreSQL (several instances, possibly on several machines).
 */
export async function authSecret(): Promise<string> {
  if (cached) return cached;
  const fromEnv = config().AUTH_SECRET;
  cached = fromEnv ?? (isPostgresUrl(config().DATABASE_URL) ? await secretFromDatabase() : secretFromFile());
  return cached;
}

function secretFromFile(): string {
  const file = path.resolve(config().DATA_DIR, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    // No file yet is the first start; anything else (permissions, a directory in its place) stops here.
    if (errorCode(err) !== "ENOENT") throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fresh = crypto.randomBytes(32).toString("hex");
  try {
    fs.writeFileSync(file, fresh, { flag: "wx", mode: 0o600 });
    return fresh;
  } catch (err) {
    if (errorCode(err) !== "EEXIST") throw err;
    return fs.readFileSync(file, "utf8").trim(); // another process won the race
  }
}

/** Insert-if-absent, then read: of instances starting together, the first insert wins for all. */
async function secretFromDatabase(): Promise<string> {
  const key = "auth_secret";
  await insertUnlessPresent(db().appSetting.create({ data: { key, value: crypto.randomBytes(32).toString("hex") } }));
  return (await db().appSetting.findUniqueOrThrow({ where: { key } })).value;
}

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;
