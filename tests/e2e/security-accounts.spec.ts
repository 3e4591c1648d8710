import { expect, test, type Page } from "@playwright/test";
import { createThread, send } from "./support/chat-page";

// Accounts in a real browser: a guest saves their work, signs in from another browser context and
// finds it, revokes that other session, signs out. All under the app's CSP.

const EMAIL = `saver-${Date.now()}@example.com`;
const PASSWORD = "a long enough password";

async function fillCredentials(page: Page, form: "save-work" | "sign-in") {
  const f = page.getByTestId(form);
  await f.getByLabel("Email").fill(EMAIL);
  await f.getByLabel(/Password/).fill(PASSWORD);
  await f.getByRole("button").click();
}

const threadIds = async (page: Page) =>
  ((await (await page.request.get("/api/threads")).json()).threads as { id: string }[]).map((t) => t.id);

test("a guest saves their work, gets it back in another browser, revokes that session and signs out", async ({
  page,
  browser,
  baseURL,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const threadId = await createThread(page);
  await send(page, "remember the migration plan");

  await page.getByTestId("account-link").click();
  await expect(page.getByTestId("account-panel")).toHaveAttribute("data-signed-in", "false");
  await fillCredentials(page, "save-work");
  await expect(page.getByTestId("account-email")).toHaveText(EMAIL);
  expect(await threadIds(page)).toEqual([threadId]);

  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await second.goto("/account");
    await fillCredentials(second, "sign-in");
    await expect(second.getByTestId("account-email")).toHaveText(EMAIL);
    await second.goto(`/t/${threadId}`);
    await expect(second.getByTestId("transcript").getByText("remember the migration plan", { exact: true })).toBeVisible();

    // The first browser sees both sessions and revokes the other one.
    await page.reload();
    await expect(page.getByTestId("session-item")).toHaveCount(2);
    await page.getByTestId("revoke-session").click();
    await expect(page.getByTestId("session-item")).toHaveCount(1);
    expect(await threadIds(second)).toEqual([]);
  } finally {
    await other.close();
  }

  await page.getByTestId("sign-out").click();
  await expect(page.getByTestId("account-panel")).toHaveAttribute("data-signed-in", "false");
  expect(await threadIds(page)).toEqual([]);
  expect(violations).toEqual([]);
});
