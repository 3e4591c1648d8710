import { defineConfig } from "vitest/config";
import path from "node:path";
import type { Plugin } from "vite";
import { swappedNames, testModuleFor } from "./tests/support/test-modules.mjs";

// Production modules swapped for their test versions (tests/support/test-modules.mjs), however
// they are imported.
const testModules: Plugin = {
  name: "test-modules",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (!importer || !swappedNames.some((name) => source.includes(name))) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved ? testModuleFor(resolved.id, importer) : null;
  },
};

export default defineConfig({
  plugins: [testModules],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // lib/ marks its server modules with "server-only"; under test they run in plain Node.
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, after the unit files (groupOrder), which may use every worker. Each
          // file has its own database (SQLite file, PostgreSQL database), temp folder
          // (tests/support/file-tmpdir.ts) and ephemeral ports, and most of a file's time is waiting
          // (leases, delays, child processes).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          env: { OFFLINE_DELAY_MS: "1" },
          // The resume fixture's work mode, registered in the offline model from outside the app.
          setupFiles: ["tests/support/file-tmpdir.ts", "tests/support/work-mode.preload.mjs"],
        },
      },
    ],
  },
});
