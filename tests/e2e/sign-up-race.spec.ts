import { expect, test, type Browser, type Page } from "@playwright/test";
import { createThread } from "./support/chat-page";

// One guest, two tabs, two emails, "Save your work" in both at once (issue 43): one account keeps
// the work, the other tab says why it made none, and the browser, whichever answer it took last, is
// signed in to the account with the work. With TEST_DATABASE_URL, the tabs are on two instances of
// one PostgreSQL database.

const PASSWORD = "a long enough password";
const [A, B] = (process.env.E2E_INSTANCE_URLS ?? "").split(",");

async function saveWork(page: Page, email: string) {
  await expect(page.getByTestId("account-panel")).toHaveAttribute("data-signed-in", "false");
  const form = page.getByTestId("save-work");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/Password/).fill(PASSWORD);
  await form.getByRole("button").click();
}

/** What the tab shows once its sign-up is answered. */
async function outcome(page: Page): Promise<"signed in" | "refused"> {
  const refused = page.getByTestId("save-work-error");
  await expect(page.getByTestId("account-email").or(refused)).toBeVisible();
  return (await refused.isVisible()) ? "refused" : "signed in";
}

async function twoTabsSignUpAtOnce(browser: Browser, [first, second]: [string, string]) {
  const context = await browser.newContext({ baseURL: first });
  try {
    const tabs = [await context.newPage(), await context.newPage()];
    const threadId = await createThread(tabs[0]);
    await tabs[0].goto(`${first}/account`);
    await tabs[1].goto(`${second}/account`);
    // Both requests are held until both are sent, so both carry the guest's cookie: "at once"
    // without depending on how fast two clicks follow each other.
    let sent = 0;
    let release = () => {};
    const bothSent = new Promise<void>((resolve) => (release = resolve));
    await context.route("**/api/auth/sign-up/email", async (route) => {
      if (++sent === 2) release();
      await bothSent;
      await route.continue();
    });
    const stamp = Date.now();
    const emails = [`tab-one-${stamp}@example.com`, `tab-two-${stamp}@example.com`];
    await Promise.all(tabs.map((tab, i) => saveWork(tab, emails[i])));

    const outcomes = await Promise.all(tabs.map(outcome));
    expect([...outcomes].sort()).toEqual(["refused", "signed in"]);
    const winner = outcomes.indexOf("signed in");
    await expect(tabs[1 - winner].getByTestId("save-work-error")).toContainText("already been saved to another account");

    // Both tabs (one browser, one cookie jar) are now the winner's account, which has the work.
    for (const tab of tabs) {
      await tab.reload();
      await expect(tab.getByTestId("account-email")).toHaveText(emails[winner]);
      const threads = (await (await tab.request.get("/api/threads")).json()).threads as { id: string }[];
      expect(threads.map((t) => t.id)).toEqual([threadId]);
    }
    const cookies = (await context.cookies()).map((c) => c.name);
    expect(cookies).toContain("better-auth.session_token");
    expect(cookies).not.toContain("lrc_session");

    // The refused email has no account.
    const elsewhere = await browser.newContext({ baseURL: first });
    const signIn = await elsewhere.request.post("/api/auth/sign-in/email", { data: { email: emails[1 - winner], password: PASSWORD } });
    expect(signIn.status()).toBe(401);
    await elsewhere.close();
  } finally {
    await context.close();
  }
}

test("two tabs of one guest save the work at once: one account with the work, one refusal", async ({ browser, baseURL }) => {
  await twoTabsSignUpAtOnce(browser, [baseURL!, baseURL!]);
});

if (process.env.E2E_POSTGRES_APP_URL)
  test("two tabs of one guest on two instances save the work at once: one account with the work, one refusal", async ({ browser }) => {
    await twoTabsSignUpAtOnce(browser, [A, B]);
  });
