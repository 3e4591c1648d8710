import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { emailSpec, later, rowOf } from "./support/ledger-fixtures";
import { providerFor, recordingProvider, type Profile } from "./support/recording-provider";
import { performAction } from "@/lib/actions/perform";
import { sweepActions } from "@/lib/actions/sweep";
import { CRASH_POINTS, setCrashHook, SimulatedCrash, type CrashPoint } from "@/tests/support/crash-points";
import { providerKeyFor } from "@/lib/actions/keys";
import { createOutboxTransport } from "@/lib/email/outbox-transport";
import { messageIdFor } from "@/lib/email/message-id";

/** mulberry32: a tiny seeded PRNG, so a failing seed can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = 40;
const PROFILES: (Profile | "outbox")[] = ["dedup", "lookup", "neither", "outbox"];

// Test 14 of shared/notes/ledger.md: crash at a random point (or not at all), retry the call a
// random number of times, sweep; at most one send per key and the ledger agrees with the provider.
describe.each(testDatabases())("crash-point sweep on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());
  afterEach(() => setCrashHook(null));

  it(`keeps at most one send per key over ${SEEDS} seeds`, async () => {
    const outbox = createOutboxTransport();
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rnd = prng(seed);
      const profile = PROFILES[Math.floor(rnd() * PROFILES.length)];
      const point: CrashPoint | null = rnd() < 0.85 ? CRASH_POINTS[Math.floor(rnd() * CRASH_POINTS.length)] : null;
      const retries = Math.floor(rnd() * 3);
      const rec = recordingProvider(profile === "outbox" ? "neither" : profile);
      const provider = profile === "outbox" ? outbox : rec;
      const k = `seed${seed}:send_email`;
      const spec = emailSpec(userId, k, "me@example.com", { userId });
      const context = `seed ${seed} (${profile}, crash ${point}, retries ${retries})`;

      setCrashHook((p) => {
        if (p === point) throw new SimulatedCrash(p);
      });
      await performAction(spec, provider).catch((err) => {
        if (!(err instanceof SimulatedCrash)) throw err;
      });
      setCrashHook(null);
      for (let r = 0; r < retries; r++) await performAction(spec, provider);
      await sweepActions({ now: later(), providerFor: providerFor(provider) });
      await sweepActions({ now: later(), providerFor: providerFor(provider) });
      for (let r = 0; r < retries; r++) await performAction(spec, provider);

      const row = await rowOf(env.db, k);
      const sends =
        profile === "outbox"
          ? await env.db.outboxMessage.count({ where: { messageId: messageIdFor(providerKeyFor("thread:t1", k)) } })
          : rec.count(providerKeyFor("thread:t1", k));
      expect(sends, context).toBeLessThanOrEqual(1);
      expect(["succeeded", "needs_human"], context).toContain(row.status);
      if (row.status === "succeeded") expect(sends, context).toBe(1);
      if (profile === "outbox" || profile === "dedup") expect(row.status, context).toBe("succeeded");
      if (profile !== "outbox" && row.status === "succeeded") expect(row.resultId, context).toBe("email_918");
    }
  });
});
