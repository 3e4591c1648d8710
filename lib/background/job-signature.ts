import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Background jobs the app hands to itself (lib/background/compaction-job.ts) are signed, not sent
 * with the secret: an HMAC-SHA256 with CRON_SECRET over the timestamp and the exact body, so a
 * request can neither be forged nor altered, the secret never travels, and a captured request is
 * refused once it is older than MAX_AGE_S (replaying it inside that time only asks for a
 * compaction the thread's lease and "nothing to summarize" check make harmless).
 */
export const SIGNATURE_HEADER = "x-longrun-signature";
const MAX_AGE_S = 300;

const mac = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export function signJob(secret: string, body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/** True only for a well-formed, fresh signature of exactly this body. */
export function jobSignatureValid(secret: string, header: string | null, body: string, now = Date.now()): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(now / 1000 - timestamp) > MAX_AGE_S) return false;
  return timingSafeEqual(Buffer.from(match[2], "hex"), Buffer.from(mac(secret, timestamp, body), "hex"));
}
