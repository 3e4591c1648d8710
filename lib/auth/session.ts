import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";

export const SESSION_COOKIE = "lrc_session";
const ONE_YEAR_S = 365 * 24 * 3600;

let secret: string | undefined;

/** AUTH_SECRET, or one generated on first use and kept in the data folder. */
export function authSecret(): string {
  if (secret) return secret;
  const fromEnv = config().AUTH_SECRET;
  if (fromEnv) return (secret = fromEnv);
  const file = path.resolve(config().DATA_DIR, "auth-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = crypto.randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, fresh, { flag: "wx", mode: 0o600 });
      secret = fresh;
    } catch {
      secret = fs.readFileSync(file, "utf8").trim(); // another process won the race
    }
  }
  return secret;
}

function sign(userId: string): string {
  return crypto.createHmac("sha256", authSecret()).update(userId).digest("base64url");
}

export function encodeSession(userId: string): string {
  return `${userId}.${sign(userId)}`;
}

export function decodeSession(value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(userId));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return userId;
}

const knownUsers = new Set<string>();

async function ensureUser(userId: string): Promise<void> {
  if (knownUsers.has(userId)) return;
  const found = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!found) await db().user.create({ data: { id: userId } }).catch(() => undefined);
  knownUsers.add(userId);
}

/**
 * The caller's user id. A visitor without a valid session becomes a new guest and gets the cookie
 * on this response: the API never answers "unauthenticated".
 */
export async function currentUserId(): Promise<string> {
  const jar = await cookies();
  const existing = decodeSession(jar.get(SESSION_COOKIE)?.value);
  if (existing) {
    await ensureUser(existing);
    return existing;
  }
  const user = await db().user.create({ data: {} });
  knownUsers.add(user.id);
  jar.set(SESSION_COOKIE, encodeSession(user.id), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR_S,
    secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE === "1",
  });
  return user.id;
}
