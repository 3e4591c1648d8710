import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { AppError } from "@/lib/errors";
import { checkAddress, refusalWords } from "@/lib/net/address-guard";
import { openSecret, sealSecret } from "./secret-box";

/*
 * MCP servers a person adds for their own chats (MCP_USER_SERVERS=on). What the browser sees of
 * one never includes its secret. The address is checked when it is added (so the person hears at
 * once that "localhost" is refused) and again at every connection (lib/net/guarded-fetch.ts),
 * which is the check that counts: a name may resolve elsewhere later.
 */

export type UserServerView = { id: string; name: string; url: string; hasSecret: boolean; secretHeader: string | null; createdAt: string };

export type UserServerSpec = { name: string; url: string; headers: Record<string, string>; trusted: false; guarded: true };

export async function listUserServers(userId: string): Promise<UserServerView[]> {
  const rows = await db().userMcpServer.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    hasSecret: r.sealedSecret !== null,
    secretHeader: r.secretHeader,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function addUserServer(
  userId: string,
  input: { name: string; url: string; secret?: string; secretHeader?: string },
): Promise<UserServerView> {
  const { MCP_USER_SERVERS, MCP_USER_SERVERS_MAX, MCP_SERVERS } = config();
  if (MCP_USER_SERVERS !== "on")
    throw new AppError("forbidden", "This server does not let people add their own MCP servers (MCP_USER_SERVERS is off).");
  if (input.name in MCP_SERVERS)
    throw new AppError("conflict", `"${input.name}" is the name of a server the operator set up; choose another name.`);
  await assertReachableAddress(new URL(input.url));
  if ((await db().userMcpServer.count({ where: { userId } })) >= MCP_USER_SERVERS_MAX) {
    throw new AppError("limit_reached", `You have ${MCP_USER_SERVERS_MAX} MCP servers, the most one person may add; remove one first.`);
  }
  const secret = input.secret?.trim() || null;
  const secretHeader = secret ? input.secretHeader?.trim() || "Authorization" : null;
  try {
    const row = await db().userMcpServer.create({
      data: {
        userId,
        name: input.name,
        url: input.url,
        secretHeader,
        sealedSecret: secret ? await sealSecret(secret, { userId, name: input.name }) : null,
      },
    });
    return { id: row.id, name: row.name, url: row.url, hasSecret: secret !== null, secretHeader, createdAt: row.createdAt.toISOString() };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", `You already have an MCP server named "${input.name}".`);
    throw e;
  }
}

export async function removeUserServer(userId: string, id: string): Promise<void> {
  const { count } = await db().userMcpServer.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found", "MCP server not found");
}

/**
 * The person's servers as connection specs (the secret opened into its header). A secret that no
 * longer opens (AUTH_SECRET rotated) leaves the server out, with a log line: connecting without it
 * would only fail, or worse, reach the server unauthenticated.
 */
export async function userServerSpecs(userId: string): Promise<UserServerSpec[]> {
  if (config().MCP_USER_SERVERS !== "on") return [];
  const rows = await db().userMcpServer.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  const specs: UserServerSpec[] = [];
  for (const r of rows) {
    const headers: Record<string, string> = {};
    if (r.sealedSecret && r.secretHeader) {
      const secret = await openSecret(r.sealedSecret, { userId, name: r.name });
      if (secret === null) {
        console.warn(`[mcp] a person's server "${r.name}": its secret no longer opens (AUTH_SECRET changed?); left out`);
        continue;
      }
      headers[r.secretHeader] = r.secretHeader.toLowerCase() === "authorization" && !/\s/.test(secret) ? `Bearer ${secret}` : secret;
    }
    specs.push({ name: r.name, url: r.url, headers, trusted: false, guarded: true });
  }
  return specs;
}

/** Where a person's server's client is kept: their server names are theirs alone. */
export const userServerCacheKey = (userId: string, name: string) => `user:${userId}:${name}`;

/** Every address the host has now must pass the guard (the connection checks again). */
async function assertReachableAddress(url: URL): Promise<void> {
  const allowPrivate = config().MCP_ALLOW_PRIVATE_ADDRESSES === "on";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new AppError("invalid_body", `${host} could not be found (no DNS answer); check the address.`);
    }
  }
  for (const address of addresses) {
    const verdict = checkAddress(address, { allowPrivate });
    if (!verdict.allowed) throw new AppError("invalid_body", refusalWords(host, address, verdict.range));
  }
}
