import { expect, test, type Page } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";
import { messageById, messages, send } from "./support/chat-page";

// Our own server with a small context window (6,000 tokens): a conversation outgrows it within a
// few messages. When no summary can be applied (none yet, or a stale one after an edit at the cut)
// the page says that the model gets only the latest messages and that a summary is on its way,
// and the notice leaves once the summary lands.
const PORT = Number(process.env.E2E_PORT ?? 3471) + 33;

let servers: Servers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  servers = await startServers({
    ports: [PORT],
    databaseUrl: freshSqliteUrl(`e2e-bounded-${PORT}`),
    env: {
      CHAT_MODEL: "offline",
      OFFLINE_DELAY_MS: "1",
      OFFLINE_CONTEXT_WINDOW: "6000",
      // Slow enough to see "being written" while the summary is written.
      OFFLINE_SUMMARY_DELAY_MS: "1500",
      CONTEXT_RECENT_TOKENS: "400",
      SUMMARY_CHUNK_TOKENS: "2000",
      SUMMARY_MAX_TOKENS: "500",
    },
  });
});
test.afterAll(async () => servers?.stop());

type Context = {
  summary: { cutMessageId: string } | null;
  summaryStale: boolean;
  boundedSpan: { cutMessageId: string; omittedMessages: number } | null;
  compaction: { running: boolean };
};

const context = async (page: Page, id: string): Promise<Context> =>
  (await page.request.get(`${servers.urls[0]}/api/threads/${id}/context`)).json();

/** About 900 tokens on one topic, naming one file (the summarizer must fit the small window too). */
const filler = (topic: string) =>
  `${topic}: see src/${topic}/index.ts. ` +
  Array.from({ length: 64 }, (_, i) => `Step ${i} of the ${topic} work keeps the loader stable.`).join(" ");

test("a conversation past the window: the page says the model gets the latest messages until the summary lands", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`${servers.urls[0]}/`);
  await page.getByTestId("new-thread").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const notice = page.getByTestId("bounded-span");

  // No summary yet: the first request the whole run no longer fits leaves the oldest messages out,
  // and its reply starts the compaction at once; the page says so until the summary lands.
  for (const topic of ["api", "jobs", "cli", "docs", "tests", "ui"]) {
    await send(page, filler(topic));
    if ((await context(page, id)).boundedSpan) break;
  }
  expect((await context(page, id)).boundedSpan).not.toBeNull();
  await expect(notice).toContainText("Without a summary, the whole conversation no longer fits the model's context window");
  await expect(notice).toContainText("A new summary is being written…");
  await expect(notice).toHaveAttribute("role", "status");
  await expect(notice).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId("summary-marker")).toHaveCount(1);

  // More work until a later compaction moves the cut, so the part before it alone outgrows the window.
  const first = (await context(page, id)).summary!.cutMessageId;
  let cut = first;
  for (const topic of ["ops", "web", "db", "ci", "qa", "ux", "perf", "sec"]) {
    await send(page, filler(topic));
    await expect.poll(async () => (await context(page, id)).compaction.running, { timeout: 60_000 }).toBe(false);
    cut = (await context(page, id)).summary!.cutMessageId;
    if (cut !== first) break;
  }
  expect(cut).not.toBe(first);

  // An edit at the cut makes the summary stale: the notice says so and that a new one is coming.
  const cutMessage = messageById(page, cut);
  await cutMessage.hover();
  await cutMessage.getByTestId("edit-message").click();
  await page.getByTestId("edit-input").fill("Keep the CLI output, but add --json.");
  await page.getByTestId("edit-input").press("Enter");
  await expect(notice).toContainText("The summary no longer matches this conversation and the whole conversation no longer fits");
  await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(notice).toBeHidden({ timeout: 60_000 });
  const after = await context(page, id);
  expect(after).toMatchObject({ summaryStale: false, boundedSpan: null });
  expect(after.summary!.cutMessageId).not.toBe(cut);
});
