// `node --import tsx --import ./tests/support/test-modules.preload.mjs`: swaps production modules
// for their test versions (test-modules.mjs) in a process vitest does not run. Registered after
// tsx, so this hook runs first and lets tsx resolve "@/" paths and TypeScript files.
import { register } from "node:module";

register("./test-modules.hooks.mjs", import.meta.url);
