import { expect, test, type Page } from "@playwright/test";
import { closeWorkspaceIfOpen, createThread, messageById as byId, messages, send } from "./support/chat-page";

// The context view in the browser, against the production server, the offline model and the e2e
// thresholds (CONTEXT_RECENT_TOKENS=400, COMPACT_AT_INPUT_TOKENS=1500): a long conversation is
// compacted in the background, the summary is shown at the cut, and editing the cut message
// makes it stale.

type Context = {
  summary: { cutMessageId: string; text: string } | null;
  summaryStale: boolean;
  recentSpan: { cutMessageId: string } | null;
  thresholds: { compactAtInputTokens: number };
  lastCall: { inputTokens: number | null; createdAt: string } | null;
  compaction: { running: boolean; receipts: Array<{ startedAt: string }> };
};

async function context(page: Page, id: string): Promise<Context> {
  const res = await page.request.get(`/api/threads/${id}/context`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Context;
}

/**
 * Waits until no compaction runs and a valid summary window stands, twice in a row with the same
 * cut: a reply's compaction starts just after it (or is skipped while another still runs).
 */
async function settledCut(page: Page, id: string): Promise<string> {
  let previous: string | null = null;
  let cut: string | null = null;
  await expect
    .poll(
      async () => {
        const ctx = await context(page, id);
        const now = !ctx.compaction.running && ctx.recentSpan ? ctx.recentSpan.cutMessageId : null;
        cut = now !== null && now === previous ? now : null;
        previous = now;
        return cut;
      },
      { timeout: 30_000, intervals: [1500] },
    )
    .not.toBeNull();
  return cut!;
}

/** About 600 tokens on one topic, naming a file per sentence. */
const filler = (topic: string) =>
  `${topic}. ` +
  Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep \`loadAccount\` stable.`).join(" ");

test("a long conversation is summarized at the cut, inspected, and an edit at the cut makes the summary stale", async ({ page }) => {
  test.setTimeout(180_000);
  const id = await createThread(page);

  // The e2e server makes the offline summarizer take OFFLINE_SUMMARY_DELAY_MS, like a remote one,
  // so the "summarizing…" notice stays up long enough to be seen.
  let sawSummarizing = false;
  void page
    .getByTestId("compaction-running")
    .waitFor({ state: "visible", timeout: 120_000 })
    .then(
      () => {
        sawSummarizing = true;
      },
      () => {},
    );

  await send(page, "Move callers from `getAccount` to `loadAccount`. Keep CLI output unchanged.");
  for (const topic of ["api", "jobs", "cli", "docs", "tests", "ui"]) {
    await send(page, filler(topic));
    if ((await context(page, id)).summary) break;
  }
  await settledCut(page, id);
  // One more turn, so the last request's input is one that carried the summary.
  await send(page, "What is left to do?");
  const cutId = await settledCut(page, id);

  await closeWorkspaceIfOpen(page);
  const gauge = page.getByTestId("context-gauge");
  await expect(gauge).toContainText("/ 1,500");

  // The marker sits right before the message the model reads verbatim from.
  const marker = page.getByTestId("summary-marker");
  await expect(marker).toHaveCount(1);
  await expect(page.locator(`[data-index]:has([data-testid="summary-marker"]) [data-testid="message"]`)).toHaveAttribute(
    "data-message-id",
    cutId,
  );
  // The marker's own toggle (the receipt inside it has links into search too).
  const toggle = marker.getByRole("button", { name: /Earlier messages are summarized/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("summary-text")).toContainText("getAccount");
  // The summary has a budget: every name is in it or in the names file it points at.
  const namesFile = await page.request.get(`/api/threads/${id}/files/context/names.md`);
  const inFile = namesFile.ok() && ((await namesFile.json()) as { file: { content: string } }).file.content.includes("`src/api/part0.ts`");
  if (inFile) await expect(page.getByTestId("summary-text")).toContainText("context/names.md");
  else await expect(page.getByTestId("summary-text")).toContainText("src/api/part0.ts");
  const receipt = page.getByTestId("summary-receipt");
  await expect(receipt).toContainText(/[\d,]+ tokens of messages became a summary of [\d,]+ tokens\./);
  await expect(receipt).toContainText("The summary keeps the");

  await page.getByTestId("inspector-toggle").click();
  await expect(page.getByTestId("inspector-panel")).toBeVisible();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
  await expect(page.getByTestId("inspector-input")).toContainText("Summary of earlier conversation:");
  await page.screenshot({ path: "/tmp/context.png" });
  await page.getByTestId("inspector-toggle").click();
  await expect(page.getByTestId("inspector-panel")).toHaveCount(0);

  // Edit the cut message; `long` makes the new reply stream long enough to watch the stale notice.
  const cutMessage = byId(page, cutId);
  await cutMessage.hover();
  await cutMessage.getByTestId("edit-message").click();
  await page.getByTestId("edit-input").fill("Keep the CLI output, but add --json.\nlong 200");
  await page.getByTestId("edit-input").press("Enter");
  // The cut is the last exchange here: the edit replaces only its own reply, so nothing asks.
  await expect(page.getByTestId("edit-confirm")).toBeHidden();

  await expect(page.getByTestId("summary-stale")).toBeVisible();
  await expect(page.getByTestId("summary-marker")).toHaveCount(0);
  await expect(byId(page, cutId)).toHaveCount(0);
  await expect(messages(page, "user").last()).toContainText("add --json.");
  const reply = messages(page, "assistant").last();
  await expect(reply).toContainText("Line 200 of 200.", { timeout: 30_000 });
  await expect(reply).toHaveAttribute("data-status", "complete");

  expect(sawSummarizing).toBe(true);
});

test("editing a message in a short thread replaces it and its tail, also after reload", async ({ page }) => {
  await createThread(page);
  await send(page, "First question about `parseConfig`");
  await send(page, "Second question, to be dropped");
  const first = messages(page, "user").first();
  const oldId = (await first.getAttribute("data-message-id"))!;

  // Escape leaves the message as it was.
  await first.hover();
  await first.getByTestId("edit-message").click();
  await page.getByTestId("edit-input").fill("never saved");
  await page.getByTestId("edit-input").press("Escape");
  await expect(page.getByTestId("edit-input")).toHaveCount(0);
  await expect(first).toContainText("First question about parseConfig");
  await expect(first.getByTestId("edit-message")).toBeFocused();

  // Shift+Enter is a new line; Enter saves and the reply is written again.
  await first.getByTestId("edit-message").press("Enter");
  const input = page.getByTestId("edit-input");
  await input.fill("First question, revised");
  await input.press("Shift+Enter");
  await input.pressSequentially("with a second line");
  await expect(input).toHaveValue("First question, revised\nwith a second line");
  await input.press("Enter");
  // The second exchange would go: asked first, with the count; Cancel keeps everything and the draft.
  const confirm = page.getByTestId("edit-confirm");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("2 later messages");
  await confirm.getByTestId("confirm-cancel").click();
  await expect(input).toHaveValue("First question, revised\nwith a second line");
  await expect(messages(page, "user")).toHaveCount(2);
  await expect(page.getByTestId("edit-error")).toHaveCount(0);
  await input.press("Enter");
  await confirm.getByTestId("confirm-accept").click();

  await expect(messages(page, "user")).toHaveCount(1);
  await expect(messages(page, "assistant")).toHaveCount(1);
  await expect(messages(page, "assistant").first()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  const newId = await messages(page, "user").first().getAttribute("data-message-id");
  expect(newId).not.toBe(oldId);
  await expect(page.getByTestId("composer")).toBeEnabled();

  await page.reload();
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(messages(page, "user").first()).toHaveAttribute("data-message-id", newId!);
  await expect(messages(page, "user").first()).toContainText("with a second line");
  await expect(page.getByText("Second question, to be dropped")).toHaveCount(0);
  await expect(messages(page, "assistant")).toHaveCount(1);
});

test("tool cards link to their file; the workspace collapses and the link brings it back", async ({ page }) => {
  await createThread(page);
  await send(page, "write notes/plan.md\n```\n- [ ] first step\n```");
  const link = page.getByTestId("tool-card").getByTestId("tool-file-link");
  await expect(link).toHaveAttribute("href", `#file=${encodeURIComponent("notes/plan.md")}`);

  const toggle = page.getByTestId("workspace-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");

  await link.click();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await expect(page.getByTestId("file-path")).toHaveText("notes/plan.md");

  // The inspector takes the workspace's place, and gives it back when closed with Escape.
  await page.getByTestId("inspector-toggle").click();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
  await page.getByTestId("inspector-panel").getByRole("button", { name: "Close inspector" }).focus();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("inspector-panel")).toHaveCount(0);
  await expect(page.getByTestId("inspector-toggle")).toBeFocused();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
});
