import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { messages, openThread, send } from "./support/chat-page";
import { chatGptExport, longText } from "../support/chatgpt-export";
import { makeZip } from "../support/zip";

// Export a chat from its More menu (the downloaded file's content checked), import that file from
// the account page's picker, land on the new chat showing the same messages; refusals in words;
// axe over the menu and the account page at 390 and 1440 px, light and dark.

const CODENAME = "Remember the codename HELIOTROPE for the launch.";
const PLAN = "write notes/plan.md\n```\n# Plan\n- [ ] ship the export\n```";

type ExportFile = {
  format: string;
  version: number;
  threads: Array<{ id: string; messages: Array<{ role: string; text: string }> }>;
  workspaces: Array<{ files: Array<{ path: string; content: string }> }>;
};

async function audit(page: Page, state: string) {
  const found = await axeViolations(page, state);
  expect(found, found.join("\n")).toEqual([]);
}

async function openMore(page: Page) {
  await page.getByTestId("header-more").click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Export as JSON" })).toBeVisible();
  return menu;
}

/** Clicks a download link of the menu and reads the saved file. */
async function download(page: Page, name: string) {
  const menu = await openMore(page);
  const saved = page.waitForEvent("download");
  await menu.getByRole("menuitem", { name }).click();
  const file = await saved;
  return { name: file.suggestedFilename(), path: (await file.path())!, text: fs.readFileSync((await file.path())!, "utf8") };
}

async function darkAudit(browser: Browser, page: Page, width: number, threadId: string) {
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: page.viewportSize()!,
    colorScheme: "dark",
  });
  const dark = await context.newPage();
  await dark.goto(`/t/${threadId}`);
  await expect(dark.getByTestId("composer")).toBeEnabled();
  await openMore(dark);
  await audit(dark, `More menu, ${width} px, dark`);
  await dark.keyboard.press("Escape");
  await dark.goto("/account");
  await expect(dark.getByTestId("your-data")).toBeVisible();
  await audit(dark, `account page, ${width} px, dark`);
  await context.close();
}

for (const width of [1440, 390]) {
  test(`export JSON from the More menu, import it from the account page, land on the same messages: ${width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, colorScheme: "light" });
    const page = await context.newPage();
    // Playwright switches file-chooser interception on with the first listener, without waiting for
    // the browser: a key press sent right after could reach the page first and open the native
    // dialog (none in headless), and the chooser never came (a CI run; here, with logging added, 5 runs
    // in 16). Listening from the start has interception on long before the picker opens.
    page.on("filechooser", () => undefined);
    // Made through the API: on a phone the sidebar's New chat button sits in a closed drawer.
    const made = await page.request.post("/api/threads", { data: {} });
    const threadId = ((await made.json()) as { id: string }).id;
    await openThread(page, threadId);
    await send(page, CODENAME);
    await send(page, PLAN);

    await openMore(page);
    await audit(page, `More menu, ${width} px, light`);
    await page.keyboard.press("Escape");

    const md = await download(page, "Export as Markdown");
    expect(md.name).toMatch(/\.md$/);
    expect(md.text).toContain("### You");
    expect(md.text).toContain(CODENAME);

    const json = await download(page, "Export as JSON");
    expect(json.name).toMatch(/\.json$/);
    const exported = JSON.parse(json.text) as ExportFile;
    expect(exported).toMatchObject({ format: "longrun-chat-export", version: 2 });
    expect(exported.threads[0].id).toBe(threadId);
    const sent = exported.threads[0].messages.filter((m) => m.role === "user").map((m) => m.text);
    expect(sent).toEqual([CODENAME, PLAN]);
    expect(exported.workspaces[0].files.map((f) => f.path)).toContain("notes/plan.md");

    await page.goto("/account");
    const data = page.getByTestId("your-data");
    await expect(data.getByRole("heading", { name: "Your data" })).toBeVisible();
    await audit(page, `account page, ${width} px, light`);
    const all = await page.request.get((await page.getByTestId("download-all-data").getAttribute("href"))!);
    expect(all.headers()["content-disposition"]).toMatch(/^attachment; filename="longrun-chat-/);
    // Both controls are reached by the keyboard, one after the other.
    await page.getByTestId("download-all-data").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("import-button")).toBeFocused();

    // A file that is not an export: refused, in words, and the page stays.
    const broken = json.path + ".broken.json";
    fs.writeFileSync(broken, "{ not json");
    let chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(broken);
    await expect(page.getByTestId("import-error")).toHaveText("The file was not imported: The file is not valid JSON.");
    await audit(page, `account page with an import error, ${width} px, light`);

    chooser = page.waitForEvent("filechooser");
    await page.getByTestId("import-button").click();
    await (await chooser).setFiles(json.path);
    await page.waitForURL((url) => url.pathname.startsWith("/t/") && !url.pathname.endsWith(threadId));
    await expect(page.getByTestId("composer")).toBeEnabled();
    // Each row also holds its controls' labels (copy, pin, edit): its text contains the message.
    await expect(messages(page, "user")).toHaveCount(2);
    await expect(messages(page, "user").nth(0)).toContainText(CODENAME);
    await expect(messages(page, "user").nth(1)).toContainText("write notes/plan.md");
    await expect(messages(page, "assistant")).toHaveCount(2);
    const imported = new URL(page.url()).pathname.split("/").pop()!;

    // The same file again is found, not copied: it opens the same chat.
    await page.goto("/account");
    chooser = page.waitForEvent("filechooser");
    await page.getByTestId("import-button").click();
    await (await chooser).setFiles(json.path);
    await page.waitForURL(`**/t/${imported}`);

    await darkAudit(browser, page, width, imported);
    await context.close();
  });
}

// A ChatGPT export's zip, made here (2,000 messages, past this server's compaction threshold),
// picked on the account page: the chat opens with its messages, and the gauge shows the
// compaction the import started (several offline summarizer calls, each OFFLINE_SUMMARY_DELAY_MS:
// SUMMARY_CHUNK_TOKENS in playwright.config.ts).
test("import a ChatGPT zip from the account page: the long chat opens and is being compacted", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  page.on("filechooser", () => undefined); // interception on before the picker opens (see above)
  await page.goto("/account");
  await expect(page.getByTestId("your-data")).toContainText("a ChatGPT export (the .zip");
  const zip = makeZip([
    { name: "conversations.json", data: Buffer.from(JSON.stringify(chatGptExport(2_000, "Imported from ChatGPT"))) },
    { name: "chat.html", data: Buffer.from("<html></html>") },
  ]);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("import-button").click();
  await (await chooser).setFiles({ name: "chatgpt-export.zip", mimeType: "application/zip", buffer: zip });
  await page.waitForURL((url) => url.pathname.startsWith("/t/"));
  // Tone and word in one look: the compaction may end soon after the page shows it.
  await expect(page.locator('[data-testid="context-gauge"][data-tone="compacting"]', { hasText: "compacting…" })).toBeVisible();
  // The newest messages are on the page; the summary then lands and the gauge calms.
  // (The list is virtualized: its DOM order is not the reading order, so rows are found by text.)
  await expect(messages(page, "assistant").filter({ hasText: longText(1_999) })).toBeVisible();
  await expect(messages(page, "user").filter({ hasText: longText(1_998) })).toBeVisible();
  await expect(page.getByTestId("context-gauge")).not.toHaveAttribute("data-tone", "compacting", { timeout: 60_000 });
  await expect(page.getByTestId("composer")).toBeEnabled();
});
