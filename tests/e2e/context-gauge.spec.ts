import { expect, test, type Page } from "@playwright/test";
import { axeAudit } from "./support/axe";
import { emulateColorScheme } from "./support/color-scheme";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";
import { closeWorkspaceIfOpen, messageById, messages, send } from "./support/chat-page";

// The context gauge and the stale-summary banner (issue 42 item 7), on our own server with a small
// offline window (6,000 tokens, compaction at 1,500): neutral below the threshold, "compacting…"
// past it while the summary is written (never red for that), red only for a request that cannot
// fit the window; the stale notice is a banner saying what happened and what happens next.
const PORT = Number(process.env.E2E_PORT ?? 3471) + 41;

let servers: Servers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  servers = await startServers({
    ports: [PORT],
    databaseUrl: freshSqliteUrl(`e2e-gauge-${PORT}`),
    env: {
      CHAT_MODEL: "offline",
      OFFLINE_DELAY_MS: "1",
      OFFLINE_CONTEXT_WINDOW: "6000",
      // Slow enough to watch the gauge while the summary is written.
      OFFLINE_SUMMARY_DELAY_MS: "6000",
      CONTEXT_RECENT_TOKENS: "400",
      COMPACT_AT_INPUT_TOKENS: "1500",
      SUMMARY_MAX_TOKENS: "500",
    },
  });
});
test.afterAll(async () => servers?.stop());

type Context = { summary: { cutMessageId: string } | null; recentSpan: { cutMessageId: string } | null; compaction: { running: boolean } };
const context = async (page: Page, id: string): Promise<Context> =>
  (await page.request.get(`${servers.urls[0]}/api/threads/${id}/context`)).json();

/** About 600 tokens on one topic. */
const filler = (topic: string) =>
  `${topic}. ` + Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep it stable.`).join(" ");

async function audit(page: Page, state: string) {
  for (const scheme of ["light", "dark"] as const) {
    await emulateColorScheme(page, scheme);
    expect(
      (await axeAudit(page)).map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) })),
      `axe on ${state}, ${scheme}`,
    ).toEqual([]);
  }
  await emulateColorScheme(page, "light");
}

/** The palette's red as this page paints it (oklch in Tailwind 4, swapped in dark mode). */
const red = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement("div");
    probe.className = "bg-red-600";
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  });

const barColor = (page: Page) =>
  page
    .getByTestId("context-gauge")
    .locator('[role="meter"] > span')
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test("the gauge is neutral, then compacting (not red) past the threshold, red only when a request cannot fit; the stale banner explains", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${servers.urls[0]}/`);
  await page.getByTestId("new-thread").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const gauge = page.getByTestId("context-gauge");

  await send(page, "Move callers from `getAccount` to `loadAccount`.");
  await expect(gauge).toHaveAttribute("data-tone", "neutral");
  await expect(gauge.getByTestId("context-gauge-word")).toHaveCount(0);
  const neutral = await barColor(page);

  // Past the threshold the reply starts a compaction: the gauge says so, in no alarming color.
  const tones = new Set<string>();
  for (const topic of ["api", "jobs", "cli", "docs"]) {
    await send(page, filler(topic));
    const tone = await gauge.getAttribute("data-tone");
    if (tone) tones.add(tone);
    const started = await expect
      .poll(async () => (await context(page, id)).compaction.running, { timeout: 3_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (started) break;
  }
  await expect(gauge).toHaveAttribute("data-tone", "compacting");
  await expect(gauge).toContainText("compacting…");
  expect(await barColor(page)).not.toBe(await red(page));
  await page.screenshot({ path: "test-results/gauge-compacting.png" });
  await audit(page, "gauge compacting");
  expect(tones.has("overflow")).toBe(false);

  // Once the summary lands, the next request is small again: neutral.
  await expect.poll(async () => (await context(page, id)).compaction.running, { timeout: 60_000 }).toBe(false);
  await send(page, "What is left?");
  await expect.poll(async () => (await context(page, id)).recentSpan?.cutMessageId ?? null, { timeout: 60_000 }).not.toBeNull();
  await expect.poll(async () => (await context(page, id)).compaction.running, { timeout: 60_000 }).toBe(false);
  await page.reload();
  await expect(page.getByTestId("composer")).toBeEnabled();
  await closeWorkspaceIfOpen(page);
  await expect(gauge).toHaveAttribute("data-tone", "neutral", { timeout: 30_000 });
  expect(await barColor(page)).toBe(neutral);

  // An edit at the cut: the banner says what happened and what happens next.
  const cut = (await context(page, id)).recentSpan!.cutMessageId;
  const cutMessage = messageById(page, cut);
  await cutMessage.hover();
  await cutMessage.getByTestId("edit-message").click();
  await page.getByTestId("edit-input").fill("Keep the CLI output, but add --json.\nlong 200");
  await page.getByTestId("edit-input").press("Enter");
  const banner = page.getByTestId("summary-stale");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("The summary is out of date");
  await expect(banner).toContainText("an edit or retry removed the cut message");
  await expect(banner).toContainText("Until a new one is ready the model reads the whole conversation");
  await expect(banner).toContainText(/A new summary is (written after the next reply|being written…)/);
  expect((await banner.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await page.screenshot({ path: "test-results/gauge-stale-banner.png" });
  await audit(page, "stale banner");
  await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });

  // A message larger than the whole window: no request can carry it, and only now is the gauge red.
  const huge = Array.from({ length: 700 }, (_, i) => `word${i} of a message far too long for the window`).join(" ");
  const composer = page.getByTestId("composer");
  await composer.fill(huge);
  await composer.press("Enter");
  await expect(gauge).toHaveAttribute("data-tone", "overflow", { timeout: 60_000 });
  await expect(gauge).toContainText("too large for the model");
  expect(await barColor(page)).toBe(await red(page));
  await page.screenshot({ path: "test-results/gauge-overflow.png" });
});
