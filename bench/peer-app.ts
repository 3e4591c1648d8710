// The peer (vercel/chatbot) as `bench peer` drives it: an already built checkout outside this
// repository (set up as in the shared notes, never built or committed here), started fresh with
// `next start` on its own port and PostgreSQL database, with its own mock model. Its guest sign-in
// loops under `next start` on plain http, so the bench seeds a guest user itself and mints the
// session cookie with the peer's own next-auth (the salt is the cookie name).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { benchMessage } from "./texts";

export type PeerSetup = { dir: string; databaseUrl: string; authSecret: string };

/** The peer's location from the environment, or why the comparison is skipped. */
export function peerSetup(): PeerSetup | { skipped: string } {
  const dir = process.env.PEER_DIR;
  const databaseUrl = process.env.PEER_DATABASE_URL;
  const authSecret = process.env.PEER_AUTH_SECRET;
  const missing = [!dir && "PEER_DIR", !databaseUrl && "PEER_DATABASE_URL", !authSecret && "PEER_AUTH_SECRET"].filter(Boolean);
  if (missing.length) return { skipped: `${missing.join(", ")} not set` };
  if (!fs.existsSync(path.join(dir!, ".next", "BUILD_ID"))) return { skipped: `no production build in ${dir} (.next/BUILD_ID)` };
  if (!fs.existsSync(path.join(dir!, "node_modules", "next", "dist", "bin", "next"))) return { skipped: `no node_modules in ${dir}` };
  return { dir: dir!, databaseUrl: databaseUrl!, authSecret: authSecret! };
}

export function startPeer(setup: PeerSetup, port: number): ChildProcess {
  const next = path.join(setup.dir, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: setup.dir,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      POSTGRES_URL: setup.databaseUrl,
      AUTH_SECRET: setup.authSecret,
      // Its own mock model (lib/ai/models.mock.ts): no AI gateway.
      PLAYWRIGHT: "True",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.resume();
  return child;
}

export type PeerThread = { size: number; id: string; firstText: string; lastText: string };
export type PeerSeed = { cookies: Array<{ name: string; value: string }>; threads: PeerThread[]; cleanup: () => Promise<void> };

/** Text a message shows first once rendered (before any markdown), to recognise it in the peer's DOM. */
export const shownPrefix = (i: number) =>
  benchMessage(i)
    .text.split(/[`*\n]/)[0]
    .slice(0, 24);

/**
 * A guest user with one chat per size, holding the same texts as ours (bench/texts.ts), straight
 * into its tables (`User`, `Chat`, `Message_v2`, parts as JSON). Cleanup deletes exactly these rows.
 */
export async function seedPeer(setup: PeerSetup, sizes: number[]): Promise<PeerSeed> {
  const client = new pg.Client({ connectionString: setup.databaseUrl });
  await client.connect();
  const userId = crypto.randomUUID();
  const email = `guest-${Date.now()}`;
  const chatIds: string[] = [];
  const cleanup = async () => {
    if (chatIds.length) {
      await client.query(`DELETE FROM "Message_v2" WHERE "chatId" = ANY($1::uuid[])`, [chatIds]);
      await client.query(`DELETE FROM "Chat" WHERE "id" = ANY($1::uuid[])`, [chatIds]);
    }
    await client.query(`DELETE FROM "User" WHERE "id" = $1`, [userId]);
    await client.end();
  };
  try {
    await client.query(`INSERT INTO "User" ("id", "email") VALUES ($1, $2)`, [userId, email]);
    const threads: PeerThread[] = [];
    const at = Date.now() - 86_400_000;
    for (const size of sizes) {
      const chatId = crypto.randomUUID();
      chatIds.push(chatId);
      await client.query(`INSERT INTO "Chat" ("id", "createdAt", "title", "userId", "visibility") VALUES ($1, $2, $3, $4, 'private')`, [
        chatId,
        new Date(at),
        `${size} messages`,
        userId,
      ]);
      for (let from = 0; from < size; from += 500) {
        const values: unknown[] = [];
        const rows: string[] = [];
        for (let i = from; i < Math.min(size, from + 500); i++) {
          const { role, text } = benchMessage(i);
          const p = values.length;
          rows.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, '[]', $${p + 5})`);
          values.push(crypto.randomUUID(), chatId, role, JSON.stringify([{ type: "text", text }]), new Date(at + i * 1000));
        }
        await client.query(
          `INSERT INTO "Message_v2" ("id", "chatId", "role", "parts", "attachments", "createdAt") VALUES ${rows.join(", ")}`,
          values,
        );
      }
      threads.push({ size, id: chatId, firstText: shownPrefix(0), lastText: shownPrefix(size - 1) });
    }
    return { cookies: await sessionCookies(setup, { userId, email }), threads, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** Both names: its proxy reads the `__Secure-` one in production, Auth.js itself the plain one on http. */
async function sessionCookies(setup: PeerSetup, user: { userId: string; email: string }) {
  const jwt = (await import(pathToFileURL(path.join(setup.dir, "node_modules", "next-auth", "jwt.js")).href)) as {
    encode: (p: { token: Record<string, unknown>; secret: string; salt: string; maxAge: number }) => Promise<string>;
  };
  const token = { sub: user.userId, id: user.userId, email: user.email, type: "guest" };
  const names = ["authjs.session-token", "__Secure-authjs.session-token"];
  return Promise.all(
    names.map(async (name) => ({ name, value: await jwt.encode({ token, secret: setup.authSecret, salt: name, maxAge: 86_400 }) })),
  );
}
