/**
 * How a test starts a second process running lib/ code with tsx. The react-server condition makes
 * "server-only" resolve as it does in the Next server (an empty module) instead of throwing.
 */
export const TSX_WORKER = ["--conditions=react-server", "--import", "tsx"];
