import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Background jobs the app hands to itself (lib/background/compaction-job.ts) are signed, not sent
 * with the secret: an HMAC-SHA256 with CRON_SECRET over the timestamp, a fresh nonce, the path and
 * the exact body. So a request can be neither forged nor altered nor sent to another route, the
 * secret never travels, and a captured request is good once: the route records the nonce when it
 * accepts the job (lib/background/accepted-jobs.ts) and refuses it from then on.
 *
 * JOB_VALIDITY_S is short because nothing legitimate waits long: the sender signs just before it
 * posts and gives up after 15 s (HANDOFF_TIMEOUT_MS); the rest allows for the clocks of two
 * instances disagreeing. It also bounds how long a nonce must be remembered: past the window a
 * replay is refused as stale whether or not its nonce is still on record.
 */
export const SIGNATURE_HEADER = "x-longrun-signature";
export const JOB_VALIDITY_S = 60;

const NONCE = /^[0-9a-f]{32}$/;
const HEADER = /^t=(\d{1,12}),n=([0-9a-f]{32}),v2=([0-9a-f]{64})$/;

export type JobTarget = { path: string; body: string };
export type VerifiedJob = { nonce: string; timestamp: number };

// Signed as a JSON array, so no two different (path, body) pairs give the same signed text.
const mac = (secret: string, timestamp: number, nonce: string, { path, body }: JobTarget) =>
  createHmac("sha256", secret)
    .update(JSON.stringify([timestamp, nonce, path, body]))
    .digest("hex");

export function signJob(secret: string, target: JobTarget, opts: { now?: number; nonce?: string } = {}): string {
  const timestamp = Math.floor((opts.now ?? Date.now()) / 1000);
  const nonce = opts.nonce ?? randomBytes(16).toString("hex");
  if (!NONCE.test(nonce)) throw new Error("a job nonce is 32 lowercase hex digits");
  return `t=${timestamp},n=${nonce},v2=${mac(secret, timestamp, nonce, target)}`;
}

/** The job's nonce and timestamp for a well-formed, fresh signature of exactly this path and body; else null. */
export function verifyJobSignature(secret: string, header: string | null, target: JobTarget, now = Date.now()): VerifiedJob | null {
  const match = HEADER.exec(header ?? "");
  if (!match) return null;
  const timestamp = Number(match[1]);
  const nonce = match[2];
  if (Math.abs(now / 1000 - timestamp) > JOB_VALIDITY_S) return null;
  const expected = Buffer.from(mac(secret, timestamp, nonce, target), "hex");
  return timingSafeEqual(Buffer.from(match[3], "hex"), expected) ? { nonce, timestamp } : null;
}
