import { expect, test, type Page } from "@playwright/test";
import { clickHeaderControl, createThread, messages, send } from "./support/chat-page";
import { buildFixture, WORK_LINE } from "../../bench/resume/fixture";

// "Continue in a new chat" in a real browser against the production server and the offline
// model's work mode: the first chat migrates one call site, the new chat (same workspace, same
// action records, only the goal) finishes the checklist and sends the summary once.

const N = 3;
const fixture = buildFixture(N);

async function seed(page: Page, threadId: string) {
  for (const f of fixture.files) {
    const res = await page.request.put(`/api/threads/${threadId}/files/${f.path}`, { data: { content: f.content, baseVersion: null } });
    expect(res.status(), f.path).toBeLessThan(300);
  }
}

async function plan(page: Page, threadId: string): Promise<string> {
  const res = await page.request.get(`/api/threads/${threadId}/files/${fixture.planPath}`);
  return ((await res.json()) as { file: { content: string } }).file.content;
}

async function panelFiles(page: Page): Promise<string[]> {
  const items = page.getByTestId("file-item");
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((els) => els.map((e) => e.getAttribute("data-path") ?? "").sort());
}

test("continue in a new chat: the new thread finishes the checklist the old one started, on the same files", async ({ page }) => {
  const first = await createThread(page);
  await seed(page, first);
  await page.reload();
  await send(page, fixture.goalMessage);
  await expect(messages(page, "assistant").last()).toContainText(`${N - 1} item(s) left`);
  expect((await plan(page, first)).match(/- \[x\]/g)).toHaveLength(1);
  const filesBefore = await panelFiles(page);
  expect(filesBefore).toEqual(fixture.files.map((f) => f.path).sort());

  await clickHeaderControl(page, "continue-new-chat");
  const dialog = page.getByTestId("continue-dialog");
  await expect(dialog).toBeVisible();
  const draft = dialog.getByTestId("continue-message");
  await expect(draft).toHaveValue(new RegExp(`^${fixture.goalMessage.split("\n")[0]}`));
  await expect(draft).toHaveValue(/`migration\.md`/);
  await dialog.getByTestId("continue-start").click();
  await page.waitForURL((url) => url.pathname.startsWith("/t/") && !url.pathname.endsWith(first));
  const second = new URL(page.url()).pathname.split("/").pop()!;

  // Named after the first chat, marked as its continuation: never two identical sidebar entries.
  const firstTitle = ((await (await page.request.get(`/api/threads/${first}`)).json()) as { thread: { title: string } }).thread.title;
  await expect(page.getByTestId("thread-title")).toHaveText(`${firstTitle} (continued)`);
  // The "Continues" link cuts the title with an ellipsis and keeps the whole title as its tooltip.
  const back = page.getByTestId("workspace-thread-link").first();
  await expect(back).toHaveAttribute("title", firstTitle);
  expect(await back.evaluate((e) => getComputedStyle(e).textOverflow)).toBe("ellipsis");
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => back.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await page.setViewportSize(viewport);

  // The new chat has only the goal, yet it picks up at item 2.
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(messages(page, "assistant").last()).toContainText(`${N - 2} item(s) left`);
  for (let i = 0; i < N - 2; i++) await send(page, `Continue.\n\n${WORK_LINE}`);
  await send(page, `Continue.\n\n${WORK_LINE}`);
  await expect(messages(page, "assistant").last()).toContainText("Summary sent");
  expect(await plan(page, second)).not.toContain("- [ ]");
  const outbox = (await (await page.request.get("/api/outbox")).json()) as { messages: { subject: string; to: string }[] };
  expect(outbox.messages.filter((m) => m.subject.startsWith("Summary:"))).toHaveLength(1);

  // Both threads show the same workspace and say where the work moved.
  expect(await panelFiles(page)).toEqual(filesBefore);
  await expect(page.getByTestId("workspace-threads")).toContainText("Continues");
  await page.getByTestId("workspace-thread-link").first().click();
  await page.waitForURL((url) => url.pathname.endsWith(first));
  await expect(page.getByTestId("workspace-threads")).toContainText("Continued in");
  expect(await panelFiles(page)).toEqual(filesBefore);
  expect(await plan(page, first)).not.toContain("- [ ]");
});
