import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fitSummary,
  keepsName,
  latestSightings,
  mergeNamesFile,
  messageSightings,
  NAMES_FILE_NOTICE,
  parseNamesFile,
  type StoredPart,
} from "@/lib/context";
import { countTokens } from "@/lib/ai/tokens";

/*
 * The guarantee of compaction, as a property: after fitting, every name of the summarized span is
 * kept whole in the summary or listed in the names file, and the summary never exceeds its budget,
 * whatever the summarizer dropped.
 */

const lower = fc.stringMatching(/^[a-z]{2,7}$/);
const capital = lower.map((w) => w[0]!.toUpperCase() + w.slice(1));
const path = fc
  .tuple(fc.array(lower, { minLength: 1, maxLength: 3 }), lower, fc.constantFrom("ts", "md", "json", "py"))
  .map(([dirs, file, ext]) => `${dirs.join("/")}/${file}.${ext}`);
const identifier = fc.tuple(lower, capital).map(([a, b]) => a + b);
const url = fc.tuple(lower, lower).map(([host, page]) => `https://${host}.example.com/${page}`);

type Where = "text" | "input" | "result";
// `handler`: a longer identifier that starts with the real one also appears (identifiers only).
const placed = fc.oneof(
  fc.record({ name: fc.oneof(path, url), where: fc.constantFrom<Where>("text", "input", "result"), handler: fc.constant(false) }),
  fc.record({ name: identifier, where: fc.constantFrom<Where>("text", "input", "result"), handler: fc.boolean() }),
);

function partFor(p: { name: string; where: Where }, i: number): StoredPart {
  if (p.where === "text") return { type: "text", text: `Next we look at ${p.name}, then decide.` };
  const base = { type: "tool-read_file", toolCallId: `c${i}`, state: "output-available" };
  if (p.where === "input") return { ...base, input: { path: p.name, note: "reading" }, output: { ok: true } };
  return { ...base, input: { path: "notes.md" }, output: { ok: true, content: `# Notes\n- [ ] migrate ${p.name}\n` } };
}

const transcript = fc.array(placed, { minLength: 1, maxLength: 40 }).map((items) =>
  items.map((p, i) => {
    // A longer name that starts with the real one: a substring test would count it as kept.
    const parts = [partFor(p, i), ...(p.handler ? [{ type: "text", text: `Also ${p.name}Handler.` }] : [])];
    return { seq: i + 1, role: i % 2 ? "assistant" : "user", parts, names: p.handler ? [p.name, `${p.name}Handler`] : [p.name] };
  }),
);

/** A summarizer that keeps a few names (and the Handler variants, never the originals) plus prose. */
function lossySummary(names: string[], keep: number, proseLines: number): string {
  const kept = names.slice(0, keep).map((n) => (names.includes(`${n}Handler`) ? `${n}Handler` : n));
  const prose = Array.from({ length: proseLines }, (_, i) => `- Decision ${i}: keep the output format stable and the flags unchanged.`);
  return ["## Goal", "Migrate the callers.", "## Decisions", ...prose, "## Files produced", ...kept.map((n) => `- ${n}`)].join("\n");
}

/** Independent of the code under test: the name with no name character glued to either side. */
function wholeToken(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`(?<![\\w$./@~-])${escaped}(?![\\w$]|[./@-][\\w$])`).test(text);
}

describe("names stay findable with a bounded summary (property)", () => {
  it("every name is in the summary (whole token) or in the names file, and the summary fits its budget", () => {
    fc.assert(
      fc.property(
        transcript,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 120, max: 900 }),
        (messages, keep, prose, budget) => {
          const embedded = [...new Set(messages.flatMap((m) => m.names))];
          const required = latestSightings(...messages.map(messageSightings));
          const fitted = fitSummary({
            text: lossySummary(embedded, keep, prose),
            required,
            maxTokens: budget,
            count: countTokens,
            fileHasEntries: false,
          });
          expect(countTokens(fitted.text)).toBeLessThanOrEqual(budget);
          const filed = new Set(parseNamesFile(mergeNamesFile(null, fitted.spilled, 1_000_000).content).map((e) => e.name));
          for (const n of embedded) expect(wholeToken(fitted.text, n) || filed.has(n), n).toBe(true);
          if (fitted.spilled.length > 0) expect(fitted.text).toContain(NAMES_FILE_NOTICE);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("extracts names from tool inputs as parsed values and from tool results, not from the raw JSON", () => {
    const parts: StoredPart[] = [
      {
        type: "tool-write_file",
        toolCallId: "c1",
        state: "output-available",
        input: { path: "src/jobs/reconcile.ts", content: "export const reconcileAccount = 1;" },
        output: { ok: true },
      },
      {
        type: "tool-read_file",
        toolCallId: "c2",
        state: "output-available",
        input: { path: "plan.md" },
        output: { ok: true, content: "see https://example.com/spec and `getAccountHandler`" },
      },
    ];
    const sightings = messageSightings({ seq: 4, role: "assistant", parts });
    const names = sightings.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(["src/jobs/reconcile.ts", "reconcileAccount", "plan.md", "https://example.com/spec", "getAccountHandler"]),
    );
    expect(names.some((n) => n.includes('"'))).toBe(false);
    expect(sightings.find((s) => s.name === "getAccountHandler")?.where).toBe("message 4 (assistant, tool read_file result)");
  });

  it("keeps the newest sighting, lists newest first, and reads its own file back", () => {
    const merged = mergeNamesFile(
      mergeNamesFile(
        null,
        [
          { name: "a.ts", seq: 3, where: "message 3 (user)" },
          { name: "b.ts", seq: 5, where: "message 5 (user)" },
        ],
        10_000,
      ).content,
      [{ name: "a.ts", seq: 9, where: "message 9 (assistant)" }],
      10_000,
    );
    expect(parseNamesFile(merged.content)).toEqual([
      { name: "a.ts", seq: 9, where: "message 9 (assistant)" },
      { name: "b.ts", seq: 5, where: "message 5 (user)" },
    ]);
  });
});

describe("keepsName compares whole tokens", () => {
  it.each([
    ["getAccountHandler is done", "getAccount", false],
    ["use getAccount() now", "getAccount", true],
    ["edit src/a.tsx", "src/a.ts", false],
    ["edit src/a.ts.", "src/a.ts", true],
    ["call accounts.getAccount()", "getAccount", true],
    ["see `src/a.ts:42`", "src/a.ts", true],
  ])("%s / %s -> %s", (text, name, kept) => {
    expect(keepsName(text, name)).toBe(kept);
  });
});
