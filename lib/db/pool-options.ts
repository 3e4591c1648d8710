/**
 * How many PostgreSQL connections one app instance keeps. A long-lived server opens
 * DATABASE_POOL_MIN at start and keeps them (a burst of turns after a quiet spell does not wait for
 * new backends). On Vercel an instance is a function that may be frozen or multiplied at any time:
 * idle connections there are waste the database pays for, so the pool opens none ahead, holds few,
 * and lets idle ones go after a few seconds; attachDatabasePool (lib/db/client.ts) keeps the
 * function alive just long enough to close them.
 */
export type PoolOptions = { max: number; min: number; idleTimeoutMillis: number };

const SERVERLESS_POOL_MAX = 5;
const SERVERLESS_IDLE_MS = 5_000;
const SERVER_IDLE_MS = 30_000;

export function poolOptions(c: { onVercel: boolean; size: number; min: number }): PoolOptions {
  if (c.onVercel) return { max: Math.min(c.size, SERVERLESS_POOL_MAX), min: 0, idleTimeoutMillis: SERVERLESS_IDLE_MS };
  // Idle connections above `min` close after 30 s; the ones below stay (see warmPool).
  return { max: c.size, min: Math.min(c.min, c.size), idleTimeoutMillis: SERVER_IDLE_MS };
}
