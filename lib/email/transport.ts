import "server-only";
import { config } from "@/lib/config";
import type { ActionProvider } from "@/lib/actions/types";
import { createOutboxTransport } from "./outbox-transport";
import { createSmtpTransport } from "./smtp-transport";

const cache = new Map<string, ActionProvider>();

/** SMTP when SMTP_URL is set, else the local outbox (no setup needed). */
export function emailTransport(): ActionProvider {
  return emailTransportByName(config().SMTP_URL ? "smtp" : "outbox")!;
}

/** The transport that owns an existing ledger row; null when it is not configured any more. */
export function emailTransportByName(name: string): ActionProvider | null {
  const url = config().SMTP_URL;
  if (name === "smtp" && !url) return null;
  if (name !== "smtp" && name !== "outbox") return null;
  const cacheKey = name === "smtp" ? `smtp:${url}` : "outbox";
  let t = cache.get(cacheKey);
  if (!t) {
    t = name === "smtp" ? createSmtpTransport(url!) : createOutboxTransport();
    cache.set(cacheKey, t);
  }
  return t;
}
