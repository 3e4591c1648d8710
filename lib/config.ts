import { configProblem, readConfig, type Config } from "./config-schema";

export { configProblem, type Config };

/*
 * The process's settings (their schema: config-schema.ts), read from the environment once. Tests
 * swap this module for tests/support/config.ts (docs/architecture.md, "No test hooks in the app"),
 * which reads them again after a test changes the environment.
 */

let cached: Config | undefined;

export function config(): Config {
  return (cached ??= readConfig(process.env));
}
