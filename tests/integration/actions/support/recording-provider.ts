import { ProviderError, type ActionProvider, type ProviderCall, type ProviderResult } from "@/lib/actions/types";

/*
 * A provider whose capabilities a test chooses (deduplicates or not, for how long, can be
 * looked up or not) and whose log is the ground truth: `performed` lists every effect it really
 * carried out, by provider key. The ledger under test is the real one.
 */

export type Profile = "dedup" | "lookup" | "neither";

export type RecordingProvider = ActionProvider & {
  performed: string[];
  calls: number;
  /** Runs after the effect is performed, before the answer: throw here to lose the answer. */
  afterPerform?: () => Promise<void> | void;
  /** Answer "concurrent request" this many more times. */
  concurrentAnswers: number;
  delayMs: number;
  count(providerKey: string): number;
};

export function recordingProvider(profile: Profile, opts: { name?: string; dedupPeriodMs?: number } = {}): RecordingProvider {
  const results = new Map<string, ProviderResult>();
  const p: RecordingProvider = {
    name: opts.name ?? `test-${profile}`,
    dedupPeriodMs: profile === "dedup" ? (opts.dedupPeriodMs ?? 24 * 3600_000) : null,
    referenceFor: (k) => `ref-${k}`,
    performed: [],
    calls: 0,
    concurrentAnswers: 0,
    delayMs: 0,
    count: (k) => p.performed.filter((x) => x === k).length,
    async execute(_request: unknown, call: ProviderCall) {
      p.calls++;
      if (p.concurrentAnswers > 0) {
        p.concurrentAnswers--;
        throw new ProviderError("concurrent", "concurrent_request", "another request with this key is in progress");
      }
      if (p.delayMs) await new Promise((r) => setTimeout(r, p.delayMs));
      const known = results.get(call.providerKey);
      if (known && p.dedupPeriodMs !== null) return { ...known, deduplicated: true };
      p.performed.push(call.providerKey);
      const res = { resultId: `email_${917 + p.performed.length}`, result: { to: (_request as { to?: string }).to ?? null } };
      results.set(call.providerKey, res);
      await p.afterPerform?.();
      return res;
    },
  };
  if (profile === "lookup") {
    p.lookup = async (ref: string) => {
      for (const [k, r] of results) if (`ref-${k}` === ref) return r;
      return null;
    };
  }
  return p;
}

export const providerFor =
  (...providers: ActionProvider[]) =>
  (name: string) =>
    providers.find((x) => x.name === name) ?? null;
