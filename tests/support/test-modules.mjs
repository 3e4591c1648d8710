// Production modules that tests swap for a test version (docs/architecture.md, "No test hooks in
// the app"): vitest.config.ts applies this map in a resolve plugin, and test-modules.preload.mjs as
// a Node module hook (the tests' worker processes, `npm run bench`). The swap applies to every
// import of the production file, relative or through "@/", except the test version's own.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

const TEST_MODULES = {
  "lib/config.ts": "tests/support/config.ts",
  "lib/actions/ledger-steps.ts": "tests/support/crash-points.ts",
  "lib/compaction/compute-thread.ts": "tests/support/compute-thread.ts",
  "lib/compaction/summarize.ts": "tests/support/summarizer.ts",
};

const swaps = new Map(Object.entries(TEST_MODULES).map(([app, test]) => [path.join(root, app), path.join(root, test)]));

/** The base names (no extension) of the swapped files: a cheap filter before resolving an import. */
export const swappedNames = [...swaps.keys()].map((file) => path.basename(file, ".ts"));

/** The test version to load instead of `resolvedFile` when `importerFile` imports it, else null. */
export function testModuleFor(resolvedFile, importerFile) {
  const test = swaps.get(resolvedFile.split("?")[0]);
  return test && test !== importerFile ? test : null;
}
