import { describe, expect, it } from "vitest";
import { NATIVE_CONFIG_LOADER, useNativeConfigLoader } from "../../../scripts/config-loader.mjs";

describe("useNativeConfigLoader", () => {
  it("turns Next's native config loader on where Node strips types", () => {
    const env: Record<string, string | undefined> = {};
    expect(useNativeConfigLoader(env, { typescript: "strip" })).toBe(true);
    expect(env[NATIVE_CONFIG_LOADER]).toBe("true");
  });

  it("leaves Next's default loader where Node has no type stripping", () => {
    const env: Record<string, string | undefined> = {};
    expect(useNativeConfigLoader(env, {})).toBe(false);
    expect(useNativeConfigLoader(env, { typescript: false })).toBe(false);
    expect(env[NATIVE_CONFIG_LOADER]).toBeUndefined();
  });

  it("is the variable Next's own --experimental-next-config-strip-types flag sets", async () => {
    const fs = await import("node:fs");
    const cli = fs.readFileSync("node_modules/next/dist/bin/next", "utf8");
    expect(cli).toContain(`process.env.${NATIVE_CONFIG_LOADER} = 'true'`);
    const loader = fs.readFileSync("node_modules/next/dist/build/next-config-ts/transpile-config.js", "utf8");
    expect(loader).toContain(`process.env.${NATIVE_CONFIG_LOADER} === 'true'`);
  });
});
