import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

// An invalid setting stops the server at start (instrumentation.ts) with one line naming the
// variable, the rule and what is wrong with the value, and never prints the value (a secret).

const PORT = Number(process.env.E2E_PORT ?? 3471) + 20;
const SECRET = "tooshort-s3cr3t"; // 15 characters: one short of the rule

test("a server started with CRON_SECRET too short exits 1 with one line naming the setting, never the secret", async () => {
  test.setTimeout(120_000);
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: "file:./test-data/config-start.db", CRON_SECRET: SECRET },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("Invalid configuration: CRON_SECRET must be at least 16 characters; the value has 15 characters.");
  expect(output).not.toContain(SECRET);
  // It never listened.
  await expect(fetch(`http://127.0.0.1:${PORT}/api/model`)).rejects.toThrow();
});
