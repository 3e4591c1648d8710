import { expect, test } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";

// A routine run caught mid-way: our own server with a slow offline model (250 ms between streamed
// words), so the run's reply is still being written for several seconds while the page watches.
const PORT = Number(process.env.E2E_PORT ?? 3471) + 8;

let servers: Servers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  servers = await startServers({
    ports: [PORT],
    databaseUrl: freshSqliteUrl(`e2e-routine-working-${PORT}`),
    env: { CHAT_MODEL: "offline", OFFLINE_DELAY_MS: "250", GUESTS_PER_ADDRESS_PER_HOUR: "100000" },
  });
});
test.afterAll(async () => {
  await servers?.stop();
});

/** Assistant rows that show nothing but their "Assistant" header. */
const bareAssistantRows = (rows: Element[]) => rows.filter((r) => (r.textContent ?? "").replace(/^\s*Assistant/, "").trim() === "").length;

test("while a routine run is in progress its reply shows a working indicator, never a bare header", async ({ page }) => {
  test.setTimeout(240_000);
  const base = servers.urls[0];
  await page.goto(`${base}/`);
  const created = await page.request.post(`${base}/api/routines`, {
    data: { name: "Slow notes", instructions: "Summarize the week.", cron: "0 9 * * 1-5", timezone: "Europe/Berlin" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`${base}/routines/${id}`);
  // The first routine page of a fresh server: slow on a busy machine.
  await expect(page.getByTestId("routine-title")).toHaveText("Slow notes", { timeout: 60_000 });

  await page.getByTestId("routine-run-now").click();
  const working = page.getByTestId("routine-message-working");
  await expect(working).toBeVisible({ timeout: 20_000 });
  await expect(working).toHaveText("Working on the run…");
  // Still mid-run: the run is listed as running, and no reply is a bare header.
  await expect(page.getByTestId("run-row").first()).toHaveAttribute("data-status", "running");
  const replies = page.locator('[data-testid="routine-message"][data-role="assistant"]');
  expect(await replies.evaluateAll(bareAssistantRows)).toBe(0);

  // Sampled until the run ends: at no point does an empty header show instead of the indicator.
  const run = page.getByTestId("run-row").first();
  for (let i = 0; i < 200 && (await run.getAttribute("data-status")) === "running"; i++) {
    expect(await replies.evaluateAll(bareAssistantRows)).toBe(0);
    await page.waitForTimeout(250);
  }
  await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  await expect(working).toHaveCount(0);
  await expect(replies.filter({ hasText: 'Routine run "Slow notes"' })).toBeVisible();
  expect(await replies.evaluateAll(bareAssistantRows)).toBe(0);
});
