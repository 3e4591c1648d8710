/**
 * How a test starts a second process running lib/ code with tsx. The react-server condition makes
 * "server-only" resolve as it does in the Next server (an empty module) instead of throwing. The
 * preloads do what vitest does in-process: swap in the test modules (the ledger's crash points) and
 * give the offline model the resume fixture's work mode.
 */
export const TSX_WORKER = [
  "--conditions=react-server",
  "--import",
  "tsx",
  "--import",
  "./tests/support/test-modules.preload.mjs",
  "--import",
  "./tests/support/work-mode.preload.mjs",
];
