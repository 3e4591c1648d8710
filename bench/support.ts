import fs from "node:fs";
import path from "node:path";
import { deployMigrations } from "../scripts/migrations.mjs";
import { createDb, setDbForTests, type Db } from "@/lib/db/client";

export async function benchDatabase(name: string): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const file = path.resolve("test-data", `bench-${name}-${process.pid}.db`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const url = `file:${file}`;
  await deployMigrations(url);
  const db = createDb(url);
  setDbForTests(db);
  return {
    db,
    cleanup: async () => {
      await db.$disconnect();
      for (const ext of ["", "-wal", "-shm"]) fs.rmSync(file + ext, { force: true });
    },
  };
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
