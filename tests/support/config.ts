import { configProblem, readConfig, type Config } from "../../lib/config-schema";

export { configProblem, type Config };

/*
 * The test version of lib/config.ts (tests/support/test-modules.mjs): the same settings, read once
 * and again after resetConfigForTests, since tests change the environment between cases.
 */

let cached: Config | undefined;

export function config(): Config {
  return (cached ??= readConfig(process.env));
}

/** The next config() reads the environment again. */
export function resetConfigForTests(): void {
  cached = undefined;
}
