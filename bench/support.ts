import { provision } from "../tests/integration/support/databases";
import type { Db } from "@/lib/db/client";

/** A fresh, migrated SQLite file that the app's db() points at (the integration tests' own setup). */
export async function benchDatabase(): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const { db, drop } = await provision({ name: "sqlite", url: "" });
  return { db, cleanup: drop };
}

export async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function table(rows: Array<Record<string, string | number>>): string {
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(width[i])).join("  ");
  return [line(cols), ...rows.map((r) => line(cols.map((c) => String(r[c]))))].join("\n");
}

/** `runs` timings of fn (ms), after `warmups` untimed calls; fn gets the run's index (negative while warming up). */
export async function timedRuns(runs: number, fn: (i: number) => Promise<unknown>, warmups = 3): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return times;
}

/** The p-th percentile (nearest rank) of samples: 50 is the median, 95 the tail. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
