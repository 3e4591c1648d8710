import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";

// Every account path in a real browser (issue 42 item 1), on a phone and a desktop, light and dark,
// with axe over each state: forgot password -> the mail on the outbox page -> its link -> a new
// password that signs this browser in; a dead link; sessions named by browser and device, one
// signed out by keyboard; a password change; the account deleted after typing its email, with
// focus back on the opener when the dialog is cancelled.

const PASSWORD = "a long enough password";
const NEW_PASSWORD = "a brand new password";
const LAST_PASSWORD = "the third password";

async function audit(page: Page, state: string, found: string[], shot: string) {
  found.push(...(await axeViolations(page, state)));
  await page.screenshot({ path: test.info().outputPath(`${shot}-${state}.png`), fullPage: true });
}

const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.id);

for (const [width, dark] of [
  [390, false],
  [390, true],
  [1440, false],
  [1440, true],
] as const) {
  test(`account paths at ${width} px, ${dark ? "dark" : "light"}: reset by mail, sessions, change, delete`, async ({
    browser,
    baseURL,
  }) => {
    // Four states of axe on a shared 2-core machine: the path itself takes under a minute.
    test.setTimeout(300_000);
    const shot = `${width}-${dark ? "dark" : "light"}`;
    const email = `paths-${width}-${dark ? "d" : "l"}-${Date.now()}@example.com`;
    const options = {
      baseURL,
      viewport: { width, height: width < 768 ? 844 : 900 },
      colorScheme: dark ? ("dark" as const) : ("light" as const),
    };
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const found: string[] = [];

    // An account with a chat, then signed out.
    await page.goto("/account");
    const saveWork = page.getByTestId("save-work");
    await saveWork.getByLabel("Email").fill(email);
    await saveWork.getByLabel(/Password/).fill(PASSWORD);
    await saveWork.getByRole("button").click();
    await expect(page.getByTestId("account-email")).toHaveText(email);
    expect((await page.request.post("/api/threads", { data: { title: "Mine" } })).status()).toBe(201);
    await page.getByTestId("sign-out").click();
    await expect(page.getByTestId("account-panel")).toHaveAttribute("data-signed-in", "false");
    await audit(page, "signed-out", found, shot);

    // Forgot password, by keyboard from the sign-in form.
    await page.getByTestId("forgot-password-link").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/account\/forgot$/);
    await audit(page, "forgot", found, shot);
    await page.getByTestId("forgot-password").getByLabel("Email").fill(email);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("forgot-password-sent")).toContainText(email);
    await expect(page.getByTestId("forgot-password-sent")).toBeFocused();
    await audit(page, "forgot-sent", found, shot);

    // The mail, read on the outbox page; its link lands on the reset page.
    await page.getByTestId("outbox-link").click();
    await expect(page).toHaveURL(/\/outbox$/);
    const mail = page.getByTestId("outbox-mail").filter({ hasText: email }).first();
    await expect(mail).toContainText("Reset your Longrun Chat password");
    await audit(page, "outbox", found, shot);
    const link = (await mail.getByRole("link").getAttribute("href"))!;
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
    await mail.getByRole("link").click();
    // On the origin the link named, where this browser's cookies are.
    await expect(page).toHaveURL(new RegExp(`^${new URL(baseURL!).origin}/account/reset\\?token=`));
    await audit(page, "reset", found, shot);

    const reset = page.getByTestId("reset-password");
    await reset.getByLabel(/^New password \(/).fill(NEW_PASSWORD);
    await reset.getByLabel("New password again").fill("not the same password");
    await reset.getByRole("button").click();
    await expect(page.getByTestId("reset-password-error")).toContainText("The two new passwords differ");
    await audit(page, "reset-error", found, shot);
    await reset.getByLabel("New password again").fill(NEW_PASSWORD);
    await reset.getByRole("button").click();
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await expect(page.getByTestId("account-notice")).toContainText("Your new password is set");
    await expect(page).toHaveURL(/\/account$/);
    await audit(page, "signed-in-after-reset", found, shot);

    // The link works once.
    const other = await browser.newContext(options);
    const second = await other.newPage();
    await second.goto(link);
    await expect(second.getByTestId("reset-link-dead")).toContainText("expired or was already used");
    await audit(second, "reset-dead", found, shot);

    // Sessions: the other browser signs in with the new password; both are named, this one marked,
    // and the other is signed out by keyboard, focus staying in the list's heading.
    await second.goto("/account");
    const signIn = second.getByTestId("sign-in");
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel(/Password/).fill(NEW_PASSWORD);
    await signIn.getByRole("button").click();
    await expect(second.getByTestId("account-email")).toHaveText(email);
    await page.reload();
    const items = page.getByTestId("session-item");
    await expect(items).toHaveCount(2);
    await expect(page.getByTestId("session-device").first()).toContainText(/^Chrome \d+ on Linux, computer/);
    await expect(page.locator('[data-testid="session-item"][data-current="true"]')).toContainText("This browser");
    await audit(page, "sessions", found, shot);
    await page.getByTestId("revoke-session").focus();
    await page.keyboard.press("Enter");
    await expect(items).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Where you are signed in" })).toBeFocused();
    expect((await second.request.get("/api/auth/get-session")).status()).toBe(200);
    expect(await (await second.request.get("/api/auth/get-session")).json()).toBeNull();

    // Change password: a wrong current password is named as such; the right one works.
    const change = page.getByTestId("change-password");
    await change.getByLabel("Current password").fill("not my password");
    await change.getByLabel(/^New password \(/).fill(LAST_PASSWORD);
    await change.getByLabel("New password again").fill(LAST_PASSWORD);
    await change.getByRole("button").click();
    await expect(page.getByTestId("change-password-error")).toHaveText("That is not your current password.");
    await audit(page, "change-error", found, shot);
    await change.getByLabel("Current password").fill(NEW_PASSWORD);
    await change.getByLabel(/^New password \(/).fill(LAST_PASSWORD);
    await change.getByLabel("New password again").fill(LAST_PASSWORD);
    await change.getByRole("button").click();
    await expect(page.getByTestId("change-password-done")).toContainText("Password changed");

    // Delete: Escape gives focus back to the opener; then the typed email and the password delete it all.
    const opener = page.getByTestId("delete-account");
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("delete-account-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("delete-account-confirm")).toBeDisabled();
    await audit(page, "delete-dialog", found, shot);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await activeTestId(page)).toBe("delete-account");
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Type your email to confirm").fill(email.toUpperCase());
    await dialog.getByLabel("Password").fill("not my password");
    await dialog.getByTestId("delete-account-confirm").click();
    await expect(page.getByTestId("delete-account-error")).toHaveText("That is not your current password.");
    await audit(page, "delete-error", found, shot);
    await dialog.getByLabel("Password").fill(LAST_PASSWORD);
    await dialog.getByTestId("delete-account-confirm").click();
    await expect(page.getByTestId("account-notice")).toHaveText("Your account and everything in it are deleted.");
    await expect(page.getByTestId("account-notice")).toBeFocused();
    await expect(page.getByTestId("account-panel")).toHaveAttribute("data-signed-in", "false");
    await audit(page, "deleted", found, shot);
    expect(((await (await page.request.get("/api/threads")).json()) as { threads: unknown[] }).threads).toEqual([]);
    // From the page, as a browser signs in (with its Origin: better-auth refuses a cookie-bearing
    // request without one before it looks at the account).
    const again = await page.evaluate(
      async (body) =>
        (
          await fetch("/api/auth/sign-in/email", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          })
        ).status,
      { email, password: LAST_PASSWORD },
    );
    expect(again).toBe(401);

    await other.close();
    await context.close();
    expect(found).toEqual([]);
  });
}
