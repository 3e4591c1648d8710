import { expect, test } from "@playwright/test";
import { startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai-server";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";
import { messages } from "./support/chat-page";

// Our own server (Playwright's offers only the offline model): offline by default, plus one
// OpenAI-compatible model served over HTTP by a fake in this process.
const PORT = Number(process.env.E2E_PORT ?? 3471) + 21;
const MODEL = "compatible:e2e-echo";

let fake: FakeOpenAI;
let servers: Servers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeOpenAI();
  servers = await startServers({
    ports: [PORT],
    databaseUrl: freshSqliteUrl(`e2e-models-${PORT}`),
    env: { CHAT_MODEL: "offline", CHAT_MODELS: MODEL, OPENAI_COMPATIBLE_BASE_URL: fake.baseURL, OFFLINE_DELAY_MS: "1" },
  });
});
test.afterAll(async () => {
  await servers?.stop();
  await fake?.close();
});

test("a thread's picked model answers its turns, survives a reload, and the inspector names it", async ({ page }) => {
  const base = servers.urls[0];
  await page.goto(`${base}/`);
  await page.getByTestId("new-thread").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);

  const picker = page.getByRole("combobox", { name: "Model for this chat" });
  // Each model once, by its name with its window (the provider is its group); the default is the
  // offline model itself, which says what it is. Nothing about setting keys, anywhere on the page.
  await expect(picker).toHaveValue("offline");
  await expect(picker.locator("option")).toHaveText([
    "Offline test model (canned replies) · 200k tokens · default",
    "e2e-echo · window unknown",
  ]);
  await expect(page.getByText(/OPENAI_API_KEY|set CHAT_MODEL/)).toHaveCount(0);
  expect(await picker.locator("optgroup").evaluateAll((groups) => groups.map((g) => g.getAttribute("label")))).toEqual([
    "Built in",
    "OpenAI-compatible",
  ]);
  await picker.selectOption(MODEL);
  await expect(picker).toBeEnabled();
  await expect(picker).toHaveValue(MODEL);

  const composer = page.getByTestId("composer");
  await composer.fill("Who answers?");
  await composer.press("Enter");
  const reply = messages(page, "assistant").last();
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(reply).toContainText("Answer from e2e-echo.");
  expect(fake.requestedModels).toEqual(["e2e-echo"]);

  await page.getByTestId("inspector-toggle").click();
  await expect(page.getByTestId("inspector-last-model")).toHaveText(`Answered by ${MODEL}`);
  await expect(page.getByTestId("inspector-call-model").first()).toHaveText(MODEL);

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Model for this chat" })).toHaveValue(MODEL);

  // Back to the default: the offline model answers the next turn.
  await page.getByRole("combobox", { name: "Model for this chat" }).selectOption("offline");
  await expect(page.getByRole("combobox", { name: "Model for this chat" })).toBeEnabled();
  await composer.fill("And now?");
  await composer.press("Enter");
  await expect(messages(page, "assistant")).toHaveCount(2);
  await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(messages(page, "assistant").last()).toContainText(/offline/i);
  expect(fake.requestedModels).toEqual(["e2e-echo"]);
  await page.getByTestId("inspector-toggle").click();
  await expect(page.getByTestId("inspector-last-model")).toHaveText("Answered by offline");
});

test("on a phone the models are in the header's menu, each once with its provider and window", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${servers.urls[0]}/`);
  await page.getByTestId("empty-new-thread").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("composer")).toBeEnabled();
  await page.getByTestId("header-more").click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitemradio")).toHaveText([
    /^Offline test model \(canned replies\) · 200k tokens · default/,
    /^e2e-echo · window unknown/,
  ]);
  await expect(menu.getByText("Model · Built in")).toBeVisible();
  await expect(menu.getByText("Model · OpenAI-compatible")).toBeVisible();
  await menu.getByRole("menuitemradio", { name: /e2e-echo/ }).click();
  await expect(menu).toBeHidden();
  await expect
    .poll(async () => (await (await page.request.get(`${page.url().replace("/t/", "/api/threads/")}`)).json()).thread.chatModel)
    .toBe(MODEL);
  await context.close();
});
