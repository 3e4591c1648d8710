import "server-only";
import crypto from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/*
 * Secrets a person gives us for their own MCP servers, sealed at rest with AES-256-GCM under a key
 * derived from the app's auth secret (so the database alone, a backup or a dump, does not reveal
 * them). The row's owner and server name are bound in as associated data: a sealed value copied
 * into another person's row, or another server's, does not open. Rotating AUTH_SECRET leaves old
 * values unopenable; the person is asked to enter them again.
 */

const VERSION = "v1";

async function key(): Promise<Buffer> {
  const derived = crypto.hkdfSync("sha256", await authSecret(), "longrun-chat", "mcp-server-secrets/v1", 32);
  return Buffer.from(derived);
}

export async function sealSecret(secret: string, owner: { userId: string; name: string }): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", await key(), iv);
  cipher.setAAD(Buffer.from(`${owner.userId}/${owner.name}`));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The secret, or null when it cannot be opened (another key, another row, tampered). */
export async function openSecret(sealed: string, owner: { userId: string; name: string }): Promise<string | null> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", await key(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`${owner.userId}/${owner.name}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
