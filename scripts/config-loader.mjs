// next.config.ts is loaded by Node's own type stripping where Node has it (22.18+ by default):
// Next's default loader transpiles it with the native SWC binding, which stays mapped with its
// thread pool for the life of the server (about 28 MB of RSS). The env variable is what Next's own
// `--experimental-next-config-strip-types` flag sets; our servers start Next programmatically.
// On an older Node, Next's default loader runs, as it must.
export const NATIVE_CONFIG_LOADER = "__NEXT_NODE_NATIVE_TS_LOADER_ENABLED";

/** Turns on the native loader for this process and the workers it starts; true when it did. */
export function useNativeConfigLoader(env = process.env, features = process.features) {
  if (!features.typescript) return false;
  env[NATIVE_CONFIG_LOADER] = "true";
  return true;
}
