import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { messages, openThread, send } from "./support/chat-page";

// Issue 40: a regenerate and an edit keep the earlier version; `‹ k / n ›` flips between them, by
// mouse and keyboard, in every open tab; the edit's question says what stays.
const lastReply = (page: Page) => messages(page, "assistant").last();

for (const [width, dark] of [
  [390, false],
  [1440, true],
] as const) {
  test(`versions of a reply and of a message flip by mouse and keyboard, in both tabs: ${width} px, ${dark ? "dark" : "light"}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      colorScheme: dark ? "dark" : "light",
    });
    const page = await context.newPage();
    // Through the API: on a phone the New chat button is in the drawer.
    await page.goto("/");
    const created = await page.request.post("/api/threads");
    expect(created.status()).toBe(201);
    const threadId = ((await created.json()) as { id: string }).id;
    await openThread(page, threadId);
    await send(page, "first question");
    await send(page, "second question");
    const firstReplyId = (await lastReply(page).getAttribute("data-message-id"))!;

    // Regenerate the last reply: the new one is 2 / 2, the earlier one a click away.
    await lastReply(page).hover();
    await lastReply(page).getByTestId("regenerate").click();
    await expect(lastReply(page)).not.toHaveAttribute("data-message-id", firstReplyId);
    await expect(lastReply(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
    // Numbered once the stored page is read: from then on the row carries the stored id.
    await expect(lastReply(page).getByTestId("version-position")).toHaveText("2 / 2");
    const secondReplyId = (await lastReply(page).getAttribute("data-message-id"))!;

    // A second tab of the same person follows every flip through the live feed.
    const other = await context.newPage();
    await openThread(other, threadId);
    await expect(lastReply(other).getByTestId("version-position")).toHaveText("2 / 2");

    await lastReply(page).getByRole("button", { name: "Previous version of this reply" }).click();
    await expect(lastReply(page)).toHaveAttribute("data-message-id", firstReplyId);
    await expect(lastReply(page).getByTestId("version-position")).toHaveText("1 / 2");
    await expect(lastReply(other)).toHaveAttribute("data-message-id", firstReplyId);
    expect(await axeViolations(page, `versions at ${width} px`)).toEqual([]);

    // By keyboard: the arrow is a button; Enter flips back, and the focus stays on the arrows of
    // the version now shown (the row that had it was replaced).
    const next = lastReply(page).getByRole("button", { name: "Next version of this reply" });
    await next.focus();
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(lastReply(page)).toHaveAttribute("data-message-id", secondReplyId);
    await expect(lastReply(page).getByRole("button", { name: "Previous version of this reply" })).toBeFocused();
    await expect(lastReply(other)).toHaveAttribute("data-message-id", secondReplyId);

    // Edit the second question: asked first (the later messages stay with the earlier version).
    const question = messages(page, "user").last();
    const questionId = (await question.getAttribute("data-message-id"))!;
    await question.hover();
    await question.getByTestId("edit-message").click();
    await page.getByTestId("edit-input").fill("second question, sharper");
    await page.getByTestId("edit-input").press("Enter");
    await expect(lastReply(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
    const edited = messages(page, "user").last();
    await expect(edited).toContainText("second question, sharper");
    await expect(edited.getByTestId("version-position")).toHaveText("2 / 2");
    await expect(messages(page, "assistant")).toHaveCount(2);

    // Back to the original question: its branch comes back whole, with the reply last shown there.
    await edited.getByRole("button", { name: "Previous version of this message" }).click();
    await expect(messages(page, "user").last()).toHaveAttribute("data-message-id", questionId);
    await expect(lastReply(page)).toHaveAttribute("data-message-id", secondReplyId);
    await expect(lastReply(page).getByTestId("version-position")).toHaveText("2 / 2");
    await expect(messages(other, "user").last()).toHaveAttribute("data-message-id", questionId);
    await expect(messages(page, "assistant")).toHaveCount(2);
    expect(await axeViolations(page, `versions after an edit at ${width} px`)).toEqual([]);
    await context.close();
  });
}
