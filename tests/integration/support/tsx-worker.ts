/**
 * How a test starts a second process running lib/ code with tsx. The react-server condition makes
 * "server-only" resolve as it does in the Next server (an empty module) instead of throwing; the
 * preload gives the offline model the resume fixture's work mode, as vitest's setup file does.
 */
export const TSX_WORKER = ["--conditions=react-server", "--import", "tsx", "--import", "./tests/support/work-mode.preload.mjs"];
