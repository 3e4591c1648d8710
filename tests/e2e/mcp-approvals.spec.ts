import { axeViolations } from "./support/axe";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { HttpMcpServer } from "../support/mcp-test-server";
import { freshSqliteUrl, type Servers } from "./support/app-server";
import { startAppWithMcp } from "./support/mcp-app";
import { messages } from "./support/chat-page";

// Our own server (Playwright's has no MCP_SERVERS), with a real MCP server over streamable HTTP in
// this process that counts the calls it gets. A call that asks waits on an approval card; the
// person answers it by keyboard; the tool runs once and the model answers.
const PORT = Number(process.env.E2E_PORT ?? 3471) + 43;

let mcp: HttpMcpServer;
let servers: Servers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ mcp, servers } = await startAppWithMcp([PORT], freshSqliteUrl(`e2e-mcp-${PORT}`)));
});
test.afterAll(async () => {
  await servers?.stop();
  await mcp?.close();
});

async function newPage(browser: Browser, width: number, dark: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, colorScheme: dark ? "dark" : "light" });
  const page = await context.newPage();
  // Through the API: on a phone the New chat button is in the drawer.
  await page.goto(`${servers.urls[0]}/`);
  const res = await page.request.post(`${servers.urls[0]}/api/threads`);
  expect(res.status()).toBe(201);
  await page.goto(`${servers.urls[0]}/t/${((await res.json()) as { id: string }).id}`);
  await expect(page.getByTestId("composer")).toBeEnabled();
  return page;
}

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page, state), `axe on ${state}`).toEqual([]);
}

const deletes = () => mcp.calls.filter((c) => c === "delete_everything").length;

for (const [width, dark] of [
  [390, false],
  [1440, true],
] as const) {
  test(`a tool call waits for approval and is answered by keyboard: ${width} px, ${dark ? "dark" : "light"}`, async ({ browser }) => {
    const page = await newPage(browser, width, dark);
    const before = deletes();
    const composer = page.getByTestId("composer");
    await composer.fill('Clean up.\ncall web__delete_everything {"reason": "' + "x".repeat(400) + '"}');
    await composer.press("Enter");
    const card = page.getByTestId("tool-approval");
    await expect(card).toHaveAttribute("data-state", "approval-requested", { timeout: 30_000 });
    await expect(page.getByRole("region", { name: "Approve this tool call?" })).toBeVisible();
    await expect(card).toContainText("web");
    await expect(card).toContainText("delete_everything");
    // The long argument is folded until asked for.
    await expect(card.getByTestId("tool-approval-args")).toContainText("more characters");
    expect(deletes()).toBe(before);
    await expectAxeClean(page, `the pending card at ${width} px`);

    // By keyboard: from the arguments, Tab reaches the fold switch, then the answers.
    await card.getByTestId("tool-approval-args").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(card.getByTestId("tool-approval-allow_once")).toBeFocused();
    const decision = width < 768 ? "allow_once" : "allow_thread";
    if (decision === "allow_thread") await page.keyboard.press("Tab");
    await expect(card.getByTestId(`tool-approval-${decision}`)).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(card).toHaveAttribute("data-state", "approval-responded", { timeout: 30_000 });
    await expect(card.getByTestId("tool-approval-decision")).toContainText("Allowed");
    const reply = messages(page, "assistant").last();
    await expect(reply).toContainText("web__delete_everything: ", { timeout: 30_000 });
    await expect(reply).toHaveAttribute("data-status", "complete");
    expect(deletes()).toBe(before + 1);
    await expectAxeClean(page, `the decided card at ${width} px`);

    if (decision === "allow_thread") {
      // The thread's policy view shows the stored choice, and changes it by keyboard.
      await page.getByTestId("header-more").click();
      await page.getByRole("menu").getByTestId("tool-policy-entry").click();
      const dialog = page.getByTestId("tool-policy-dialog");
      const select = dialog.getByRole("combobox", { name: /web__delete_everything/ });
      await expect(select).toHaveValue("allow");
      await expectAxeClean(page, `the policy view at ${width} px`);
      await select.focus();
      await select.selectOption("never");
      await expect(select).toHaveValue("never");
      await expect(select).toBeEnabled();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await composer.fill("call web__delete_everything {}");
      await composer.press("Enter");
      await expect(messages(page, "assistant").last().getByTestId("tool-card")).toHaveAttribute("data-state", "output-denied", {
        timeout: 30_000,
      });
      expect(deletes()).toBe(before + 1);
    }
    await page.context().close();
  });
}

test("the approval endpoint refuses a forged id, a bad body and another person's thread, over HTTP", async ({ browser }) => {
  const page = await newPage(browser, 1440, false);
  const threadId = new URL(page.url()).pathname.split("/").pop()!;
  const base = servers.urls[0];
  const post = (p: Page, body: unknown) =>
    p.request.post(`${base}/api/threads/${threadId}/tool-approvals`, { data: body, headers: { origin: base } });
  expect((await post(page, { approvalId: "forged", decision: "allow_once" })).status()).toBe(404);
  expect((await post(page, { approvalId: "forged", decision: "run_it_anyway" })).status()).toBe(400);
  expect((await post(page, { approvalId: "forged", decision: "deny", extra: 1 })).status()).toBe(400);
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${base}/`);
  expect((await post(strangerPage, { approvalId: "forged", decision: "allow_once" })).status()).toBe(404);
  const tools = await strangerPage.request.get(`${base}/api/threads/${threadId}/mcp-tools`);
  expect(tools.status()).toBe(404);
  await stranger.close();
  await page.context().close();
});

for (const [width, dark] of [
  [390, true],
  [1440, false],
] as const) {
  test(`a routine run waits on its page for approval, and its tool permissions are the routine's: ${width} px, ${dark ? "dark" : "light"}`, async ({
    browser,
  }) => {
    const page = await newPage(browser, width, dark);
    const base = servers.urls[0];
    const created = await page.request.post(`${base}/api/routines`, {
      data: { name: `Cleanup ${width}`, instructions: "Tidy up.\ncall web__delete_everything {}", cron: "0 9 * * 1", timezone: "UTC" },
      headers: { origin: base },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`${base}/routines/${id}`);
    await expect(page.getByTestId("routine-title")).toHaveText(`Cleanup ${width}`, { timeout: 60_000 });
    const before = deletes();

    await page.getByTestId("routine-run-now").click();
    const run = page.getByTestId("run-row").first();
    await expect(run).toHaveAttribute("data-status", "waiting", { timeout: 30_000 });
    await expect(run).toContainText("waiting for your approval");
    const card = page.getByTestId("routine-transcript").getByTestId("tool-approval");
    await expect(card).toHaveAttribute("data-state", "approval-requested");
    await expect(card).toContainText("delete_everything");
    await expect(card.getByTestId("tool-approval-allow_thread")).toHaveText("Always in this routine");
    expect(deletes()).toBe(before);
    await expectAxeClean(page, `a routine's pending card at ${width} px`);

    // Answered by keyboard on the routine page: the call goes to the routine's thread, runs once,
    // and the waiting run ends with the continuation's reply.
    await card.getByTestId("tool-approval-allow_once").focus();
    await page.keyboard.press("Enter");
    await expect(card).toHaveAttribute("data-state", "approval-responded", { timeout: 30_000 });
    await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("routine-transcript")).toContainText("web__delete_everything: ", { timeout: 30_000 });
    expect(deletes()).toBe(before + 1);

    // The routine's own policy view: "never" there refuses the next run's call without asking.
    const open = page.getByTestId("routine-tool-policy");
    await open.click();
    const dialog = page.getByTestId("tool-policy-dialog");
    await expect(dialog).toContainText("in this routine's runs");
    const select = dialog.getByRole("combobox", { name: /web__delete_everything/ });
    await expect(select).toHaveValue("ask");
    await expectAxeClean(page, `a routine's policy view at ${width} px`);
    await select.selectOption("never");
    await expect(select).toHaveValue("never");
    await expect(select).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    const policy = await page.request.get(`${base}/api/threads/${await routineThread(page, id)}/mcp-tools`);
    const tools = ((await policy.json()) as { tools: { name: string; mode: string }[] }).tools;
    expect(tools.find((t) => t.name === "web__delete_everything")?.mode).toBe("never");

    await page.getByTestId("routine-run-now").click();
    await expect(page.getByTestId("run-row").first()).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    await expect(page.getByTestId("run-row")).toHaveCount(2);
    expect(deletes()).toBe(before + 1);
    await page.context().close();
  });
}

async function routineThread(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`${servers.urls[0]}/api/routines/${id}`);
  return ((await res.json()) as { routine: { threadId: string } }).routine.threadId;
}
