// Prompt-cache reads over a long tool-heavy session (bench/cache-session.ts) against the fake
// Anthropic server, which caches the way Anthropic documents it. The baseline, measured in the
// same run, is an ideal cache: every request could at most reuse the part it shares with the
// request before it. BENCH_CACHE_TURNS (default 200) sets the session's length.
import { cacheShares, epochs, runCacheSession } from "./cache-session";
import { benchDatabase, table } from "./support";

const TURNS = Number(process.env.BENCH_CACHE_TURNS ?? 200);

export async function benchCache(): Promise<string> {
  const { db, cleanup } = await benchDatabase();
  try {
    const userId = (await db.user.create({ data: {} })).id;
    const session = await runCacheSession(userId, TURNS);
    const shares = cacheShares(session.chatCalls);
    const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
    return table([
      {
        turns: TURNS,
        requests: session.chatCalls.length,
        compactions: epochs(session.chatCalls).length - 1,
        "input tokens": shares.input,
        "cache reads": shares.read,
        "read share": pct(shares.read / shares.input),
        "ideal share": pct(shares.ideal / shares.input),
        "read / ideal": (shares.read / shares.ideal).toFixed(3),
      },
    ]);
  } finally {
    await cleanup();
  }
}
