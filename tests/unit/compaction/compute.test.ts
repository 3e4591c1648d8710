import { describe, expect, it } from "vitest";
import { compute, computesOffThread } from "@/lib/compaction/compute";
import { computeWorkerReady } from "@/tests/support/compute-thread";
import { computeTasks, type SpanRow } from "@/lib/compaction/compute-tasks";

const rows: SpanRow[] = Array.from({ length: 30 }, (_, i) => {
  const text =
    i % 2 === 0
      ? `Step ${i}: edit \`src/module${i}/handler.ts\` and see https://example.com/spec/${i}`
      : `Done with step ${i}. Decided to keep \`reconcileAccount${i}\` behind the flag.`;
  return { seq: i + 1, role: i % 2 === 0 ? "user" : "assistant", tokens: 20, parts: JSON.stringify([{ type: "text", text }]) };
});
const summary =
  "## Goal\nMigrate callers.\n## Decisions\n- keep `reconcileAccount1` behind the flag\n## Open items\n- src/module0/handler.ts";

type Run = typeof compute;
// What compute() runs where no worker starts: the same task, in this thread.
const inThread: Run = async (kind, input) => (computeTasks[kind] as (i: typeof input) => never)(input);

async function everyTask(run: Run) {
  const { span, sightings } = await run("digestSpan", rows);
  const required = await run("requiredNames", { sightings, previous: { text: "## Goal\nSee migration.md", seq: 0 } });
  const lost = await run("lostNames", { names: required.map((s) => s.name), text: summary });
  const fitted = await run("fitForSave", { text: summary, required, maxTokens: 120, fileHasEntries: false });
  return { span, sightings, required, lost, fitted };
}

describe("compaction compute: worker thread and in-thread fallback", () => {
  it("computes the same span digest, required names, name guard and fitted summary on the worker as in-thread", async () => {
    expect(await computeWorkerReady()).toBe(true);
    expect(computesOffThread()).toBe(true);
    const onWorker = await everyTask(compute);
    expect(onWorker).toEqual(await everyTask(inThread));
    expect(onWorker.span).toHaveLength(rows.length);
    expect(onWorker.required.map((s) => s.name)).toContain("migration.md");
    expect(onWorker.lost).toContain("src/module2/handler.ts");
    expect(onWorker.lost).not.toContain("src/module0/handler.ts");
    // The budget is small: the fitted summary spills names, and counts its own tokens.
    expect(onWorker.fitted.spilled.length).toBeGreaterThan(0);
    expect(onWorker.fitted.tokens).toBeGreaterThan(0);
  }, 120_000);

  it("reports a task's own failure as an error on the worker and in-thread alike", async () => {
    const broken = [{ ...rows[0], parts: "{not json" }];
    expect(await computeWorkerReady()).toBe(true);
    await expect(compute("digestSpan", broken)).rejects.toThrow(/JSON/);
    expect(computesOffThread()).toBe(true); // the worker stays in service
    await expect(inThread("digestSpan", broken)).rejects.toThrow(/JSON/);
  }, 120_000);
});
