// `node --import ./tests/support/work-mode.preload.mjs`: registers the test-only offline behaviours,
// the resume fixture's work mode (bench/resume/offline-behaviours.ts) and the markdown showcase
// (tests/support/markdown-showcase.ts), in the offline model of a process started outside vitest,
// the production build the e2e suite serves (NODE_OPTIONS in playwright.config.ts) and the tests'
// worker processes (tests/integration/support/tsx-worker.ts). The app never imports a test
// module; this file puts the behaviours where the model looks for them (lib/ai/offline/behaviours.ts).
import { isMainThread } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

// Worker threads (the compaction's compute worker) run no model.
if (isMainThread) {
  const { offlineBehaviours } = await tsImport("../../bench/resume/offline-behaviours.ts", import.meta.url);
  const { markdownShowcase } = await tsImport("./markdown-showcase.ts", import.meta.url);
  const registry = (globalThis[Symbol.for("longrun-chat.offline-behaviours")] ??= []);
  for (const behaviour of [...offlineBehaviours, markdownShowcase])
    if (!registry.some((b) => b.name === behaviour.name)) registry.push(behaviour);
}
