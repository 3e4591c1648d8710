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

    // Search finds the version not shown, says so, and opening the hit shows that version.
    await messages(page, "user")
      .last()
      .click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Control+f");
    const input = page.getByRole("searchbox", { name: "Search this chat" });
    await expect(input).toBeFocused();
    await input.fill("sharper");
    // The edited question, and its reply (the offline model quotes it): both in the version not shown.
    await expect(page.getByTestId("search-result")).toHaveCount(2);
    await expect(page.getByTestId("search-result-other-version")).toHaveCount(2);
    const hit = page.getByTestId("search-result").filter({ hasText: "· user ·" });
    await expect(hit.getByTestId("search-result-other-version")).toHaveText("other version");
    expect(await axeViolations(page, `a hit in another version at ${width} px`)).toEqual([]);
    await hit.click();
    await expect(messages(page, "user").last()).toContainText("second question, sharper");
    await expect(messages(page, "user").last().getByTestId("version-position")).toHaveText("2 / 2");
    await expect(messages(other, "user").last()).toContainText("second question, sharper");
    await page.keyboard.press("Escape");

    // Branch into a new chat from the first reply, with a copy of the workspace, by keyboard.
    const firstReply = messages(page, "assistant").first();
    await firstReply.hover();
    await firstReply.getByTestId("branch-message").click();
    const dialog = page.getByTestId("branch-dialog");
    await expect(dialog.getByRole("radio", { name: /Share this chat's workspace/ })).toBeChecked();
    expect(await axeViolations(page, `the branch dialog at ${width} px`)).toEqual([]);
    await dialog.getByRole("radio", { name: /Share this chat's workspace/ }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: /Copy the workspace/ })).toBeChecked();
    await dialog.getByTestId("branch-accept").click();
    await page.waitForURL((url) => url.pathname.startsWith("/t/") && !url.pathname.endsWith(threadId));
    await expect(messages(page, "user")).toHaveCount(1);
    await expect(messages(page, "assistant")).toHaveCount(1);
    await expect(messages(page, "user").first()).toContainText("first question");
    await expect(page.getByTestId("composer")).toBeEnabled();
    await context.close();
  });
}
