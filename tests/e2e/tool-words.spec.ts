import { axeViolations } from "./support/axe";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createThread, messageById, openThread, send } from "./support/chat-page";

// Tool output a person can read (issue 42, item 3): each tool card says what happened in words,
// a failed call is marked failed with its error in words, the raw arguments and result are
// folded underneath as indented JSON; the actions view and the compaction receipt read in words,
// the receipt's messages as links that open them. The offline model's directives make the calls
// succeed and fail; the e2e thresholds (COMPACT_AT_INPUT_TOKENS=1500) make a compaction.

const PLAN_LINES = Array.from({ length: 13 }, (_, i) => `- [ ] step ${i + 1}: move the quokka report to the new exporter`);
const PLAN = ["The quokka plan, first draft.", "write plan.md", "```", "# Plan", ...PLAN_LINES, "```"].join("\n");
// No read first: the file exists, so the write is refused (a conflict), never a silent overwrite.
const BLIND_WRITE = ["write plan.md", "```", "# Plan", "- [x] all done", "```"].join("\n");
const EMAIL = ["email me@example.com", "subject: Weekly report", "```", "# Week 48", "- shipped the ledger", "```"].join("\n");

type Owner = Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>>;
let owner: Owner;
let toolsThread = "";
let receiptThread = "";

/** About 600 tokens on one topic, naming a file per sentence. */
const filler = (topic: string) =>
  `${topic}. ` +
  Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep \`loadAccount\` stable.`).join(" ");

/**
 * Whether the reply just received left the thread summarized. A compaction starts in the background
 * moments after the reply: read at once, "not yet" sent another filler, which could start a second
 * compaction whose receipt spans only recent messages. So this waits a few seconds for one to start,
 * and for a started one to end.
 */
async function summarized(page: Page, id: string): Promise<boolean> {
  const read = async () =>
    (await (await page.request.get(`/api/threads/${id}/context`)).json()) as { summary: unknown; compaction: { running: boolean } };
  for (const deadline = Date.now() + 4000; ;) {
    const info = await read();
    if (info.compaction.running) {
      await expect.poll(async () => (await read()).compaction.running, { timeout: 60_000 }).toBe(false);
      return (await read()).summary !== null;
    }
    if (info.summary !== null || Date.now() > deadline) return info.summary !== null;
    await page.waitForTimeout(200);
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  toolsThread = await createThread(page);
  await send(page, PLAN);
  await send(page, BLIND_WRITE);
  await send(page, "recall quokka");
  await send(page, EMAIL);

  receiptThread = await createThread(page);
  await send(page, "Move callers from `getAccount` to `loadAccount`. Keep CLI output unchanged.");
  for (const topic of ["api", "jobs", "cli", "docs", "tests", "ui", "cron", "mail"]) {
    await send(page, filler(topic));
    if (await summarized(page, receiptThread)) break;
  }
  await expect.poll(() => summarized(page, receiptThread), { timeout: 60_000 }).toBe(true);
  owner = await page.context().storageState();
  await page.close();
});

async function ownerPage(browser: Browser, width: number, dark = false) {
  const context = await browser.newContext({
    storageState: owner,
    viewport: { width, height: width < 768 ? 844 : 900 },
    colorScheme: dark ? "dark" : "light",
  });
  return context.newPage();
}

const card = (page: Page, tool: string) => page.locator(`[data-testid="tool-card"][data-tool="${tool}"]`);

test("each tool card says what happened; a failed call is marked failed with its error in words; raw data is folded", async ({
  browser,
}) => {
  const page = await ownerPage(browser, 1440);
  await openThread(page, toolsThread);
  const [wrote, refused] = [card(page, "write_file").first(), card(page, "write_file").nth(1)];

  await expect(wrote).toHaveAttribute("data-outcome", "done");
  await expect(wrote.getByTestId("tool-summary")).toHaveText("Wrote plan.md, 14 lines (a new file)");
  await expect(wrote.getByTestId("tool-outcome")).toHaveText("✓ Done");
  await expect(wrote.getByTestId("tool-file-link")).toHaveAttribute("href", "#file=plan.md");
  await expect(wrote).not.toContainText('{"ok"');

  // The conflict the review found labelled "done" in green.
  await expect(refused).toHaveAttribute("data-outcome", "failed");
  await expect(refused.getByTestId("tool-outcome")).toHaveText("✕ Failed");
  await expect(refused.getByTestId("tool-summary")).toHaveText("Could not write plan.md");
  await expect(refused.getByTestId("tool-detail")).toHaveText(
    "Error: plan.md already exists (version 1, last changed by the agent) and the agent had not read it first, so it was not overwritten.",
  );
  // Failed is said in words to assistive technology too, not by colour alone.
  await expect(page.getByRole("group", { name: "Failed: Could not write `plan.md`" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Done: Wrote `plan.md`, 14 lines (a new file)" })).toBeVisible();

  await expect(card(page, "search_history").getByTestId("tool-summary")).toHaveText("Searched the history for quokka: 1 hit");
  await expect(card(page, "read_messages").getByTestId("tool-summary")).toHaveText("Read back 1 message from the history (#1)");
  await expect(card(page, "send_email").getByTestId("tool-summary")).toHaveText("Sent an email to me@example.com (“Weekly report”)");

  // The raw arguments and result, folded: closed at first, then indented JSON with the file's long content folded.
  const raw = wrote.getByTestId("tool-raw");
  await expect(raw.getByTestId("tool-raw-input")).toBeHidden();
  await raw.getByText("Arguments and result").click();
  const input = raw.getByTestId("tool-raw-input");
  await expect(input).toContainText('{\n  "path": "plan.md",\n  "content": "# Plan\\n- [ ] step 1');
  await expect(input).toContainText(/… \(\d+ more characters\)"/);
  await expect(input).not.toContainText("step 13");
  await expect(raw.getByTestId("tool-raw-result")).toHaveText(
    /^\{\n {2}"ok": true,\n {2}"path": "plan.md",\n {2}"version": 1,\n {2}"size": \d+,\n {2}"created": true\n\}$/,
  );
  await raw.getByTestId("tool-raw-unfold").click();
  await expect(input).toContainText("step 13: move the quokka report");
  await expect(raw.getByTestId("tool-raw-unfold")).toHaveAttribute("aria-pressed", "true");

  const refusedRaw = refused.getByTestId("tool-raw");
  await refusedRaw.locator("summary").click();
  await expect(refusedRaw.getByTestId("tool-raw-result")).toContainText('"error": "conflict",');
  await expect(refusedRaw.getByTestId("tool-raw-result")).toContainText('"reason": "not_read",');
  await page.screenshot({ path: "test-results/tool-words-cards.png", fullPage: false });

  // The actions view: the intent and the status in words.
  await card(page, "send_email").getByTestId("open-actions").click();
  const row = page.getByTestId("actions-dialog").getByTestId("action-row");
  await expect(row.getByTestId("action-intent")).toHaveText("Send an email to me@example.com: “Weekly report”");
  await expect(row.getByTestId("action-status")).toHaveText("Sent");
  await expect(row).not.toContainText("send_email");
  await page.screenshot({ path: "test-results/tool-words-actions.png" });
  await page.context().close();
});

test("the compaction receipt reads in words, and its messages are links that open them", async ({ browser }) => {
  const page = await ownerPage(browser, 1440);
  await openThread(page, receiptThread);
  const info = (await (await page.request.get(`/api/threads/${receiptThread}/context`)).json()) as {
    summary: { receipt: { spanFirstId: string; spanLastId: string; spanFirstSeq: number; spanLastSeq: number } };
  };
  const { spanFirstId, spanLastId, spanFirstSeq, spanLastSeq } = info.summary.receipt;

  const marker = page.getByTestId("summary-marker");
  await marker.getByRole("button", { name: /Earlier messages are summarized/ }).click();
  const receipt = page.getByTestId("summary-receipt");
  await expect(receipt).toContainText("Saved: the model reads this summary instead of the older messages");
  await expect(receipt.getByTestId("receipt-span")).toHaveText(
    `${spanLastSeq - spanFirstSeq + 1} messages, from message #${spanFirstSeq} to message #${spanLastSeq}`,
  );
  await expect(receipt).toContainText(/Started because the last request to the model came close to the compaction threshold\./);
  await expect(receipt).toContainText(/[\d,]+ tokens of messages became a summary of [\d,]+ tokens\./);
  await expect(receipt).toContainText(/The summary keeps the [\d,]+ names \(file paths, identifiers, links\) the messages used\./);
  // No message ids as text, no jargon.
  for (const id of [spanFirstId, spanLastId]) await expect(receipt).not.toContainText(id);
  await expect(receipt).not.toContainText(/names repaired|names filed|names kept/);
  await page.screenshot({ path: "test-results/tool-words-receipt.png" });

  // The first summarized message is far above: the link opens the transcript at it.
  const first = receipt.getByRole("link", { name: `Open message ${spanFirstSeq}, the first one summarized` });
  await expect(first).toHaveAttribute("href", `/t/${receiptThread}?seq=${spanFirstSeq}&m=${encodeURIComponent(spanFirstId)}`);
  await expect(messageById(page, spanFirstId)).not.toBeInViewport();
  await first.click();
  await expect(messageById(page, spanFirstId)).toBeInViewport();
  await expect(page.locator(`[data-message-row="${spanFirstId}"]`)).toHaveAttribute("data-highlighted", "true");
  expect(new URL(page.url()).pathname).toBe(`/t/${receiptThread}`);
  await page.context().close();
});

for (const dark of [false, true]) {
  for (const width of [1440, 390]) {
    test(`tool cards, the actions view and the receipt have no axe violations: ${dark ? "dark" : "light"}, ${width} px`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const page = await ownerPage(browser, width, dark);
      const found: string[] = [];
      const audit = async (state: string) => {
        found.push(...(await axeViolations(page, state)));
      };
      const shot = (name: string) => page.screenshot({ path: `test-results/tool-words-${name}-${dark ? "dark" : "light"}-${width}.png` });

      await openThread(page, toolsThread);
      if (await page.getByTestId("workspace-panel").isVisible()) await page.getByTestId("workspace-close").click();
      const refused = card(page, "write_file").nth(1);
      await refused.scrollIntoViewIfNeeded();
      await refused.getByTestId("tool-raw").locator("summary").click();
      await expect(refused.getByTestId("tool-raw-result")).toBeVisible();
      await audit("tool cards, a failed one unfolded");
      await shot("failed");

      // By keyboard: the raw data's fold and the unfold button are reachable and work.
      const wrote = card(page, "write_file").first();
      await wrote.getByTestId("tool-raw").locator("summary").focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(wrote.getByTestId("tool-raw-unfold")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(wrote.getByTestId("tool-raw-input")).toContainText("step 13");
      await audit("tool card unfolded");

      await card(page, "send_email").getByTestId("open-actions").click();
      const dialog = page.getByTestId("actions-dialog");
      await expect(dialog.getByTestId("action-row")).toBeVisible();
      await dialog.getByText(/What happened/).click();
      await audit("actions view with the journal open");
      await shot("actions");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(card(page, "send_email").getByTestId("open-actions")).toBeFocused();

      await openThread(page, receiptThread);
      await page
        .getByTestId("summary-marker")
        .getByRole("button", { name: /Earlier messages are summarized/ })
        .click();
      await expect(page.getByTestId("summary-receipt")).toBeVisible();
      await page.getByTestId("summary-receipt").scrollIntoViewIfNeeded();
      await audit("compaction receipt");
      await shot("receipt");

      expect(found).toEqual([]);
      await page.context().close();
    });
  }
}
