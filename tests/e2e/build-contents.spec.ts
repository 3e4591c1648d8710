import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The production build the suite serves (playwright.config.ts builds it first) carries no test
// hook: no crash point, no loader of test modules, no setter for tests (docs/architecture.md, "No
// test hooks in the app"). Tests put theirs in from outside: module swaps, preloads, registries.

const DIST = path.resolve(process.env.NEXT_DIST_DIR || ".next");

const FORBIDDEN = [
  "LEDGER_CRASH_AT", // the crash points' switch (tests/support/crash-points.ts)
  "process.kill(process.pid", // a process that kills itself
  "SimulatedCrash",
  "setCrashHook",
  "OFFLINE_BEHAVIOURS", // the old loader of test behaviours
  "tsx/esm/api", // TypeScript loading at run time: only a test or bench process compiles sources
  "tsImport",
  "ForTests",
  "test-modules", // tests/support/test-modules.mjs and its preload
  "work-mode.preload",
];

/** The build's JavaScript: what the server runs and what browsers get. Source maps are not code. */
function builtCode(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|mjs|cjs)$/.test(entry.name)) out.push({ file: path.relative(DIST, full), text: fs.readFileSync(full, "utf8") });
    }
  };
  for (const part of ["server", "static"]) if (fs.existsSync(path.join(DIST, part))) walk(path.join(DIST, part));
  return out;
}

test("the production build holds no crash hook, no loader of test modules and no setter for tests", () => {
  const code = builtCode();
  const all = (needle: string) => code.filter((f) => f.text.includes(needle)).map((f) => f.file);
  // The scan reads the app's own server code: the ledger, the offline model's registry, the
  // compaction's worker.
  expect(all("late_completion_ignored").length, "the ledger's code is in the scanned files").toBeGreaterThan(0);
  expect(all("longrun-chat.offline-behaviours").length, "the offline model's registry is in the scanned files").toBeGreaterThan(0);
  expect(all("compaction-compute").length, "the compaction worker's start is in the scanned files").toBeGreaterThan(0);
  const found = Object.fromEntries(FORBIDDEN.map((needle) => [needle, all(needle)]).filter(([, files]) => files.length > 0));
  expect(found).toEqual({});
});
