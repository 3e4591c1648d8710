import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expectNoHorizontalOverflow } from "./support/layout-checks";

// A person's own MCP servers on the account page (issue 38 item 1), on a phone and a desktop,
// light and dark, by keyboard, with axe over each state: a loopback address is refused with the
// reason, a public one is added with its secret (never shown again), and removed again.

for (const [width, dark] of [
  [390, false],
  [1440, true],
] as const) {
  test(`MCP servers on the account page at ${width} px, ${dark ? "dark" : "light"}`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: width < 768 ? 844 : 900 },
      colorScheme: dark ? "dark" : "light",
    });
    const page = await context.newPage();
    const found: string[] = [];
    const shot = (state: string) => page.screenshot({ path: test.info().outputPath(`${width}-${state}.png`), fullPage: true });

    await page.goto("/account");
    const saveWork = page.getByTestId("save-work");
    await saveWork.getByLabel("Email").fill(`mcp-${width}-${Date.now()}@example.com`);
    await saveWork.getByLabel(/Password/).fill("a long enough password");
    await saveWork.getByRole("button").click();
    const section = page.getByTestId("mcp-servers");
    await expect(section.getByRole("heading", { name: "Your MCP servers" })).toBeVisible();
    found.push(...(await axeViolations(page, "empty")));

    // By keyboard: a loopback address is refused, saying why; nothing is added.
    await section.getByLabel(/^Name/).focus();
    await page.keyboard.type("lan");
    await page.keyboard.press("Tab");
    await page.keyboard.type("http://127.0.0.1:8080/mcp");
    await page.keyboard.press("Enter");
    await expect(section.getByTestId("mcp-server-error")).toContainText("this machine (loopback)");
    await expect(section.getByTestId("mcp-server")).toHaveCount(0);
    found.push(...(await axeViolations(page, "refused")));
    await shot("refused");

    // A public address with a secret: listed, the secret never shown.
    await section.getByLabel(/^Name/).fill("tools");
    await section.getByLabel(/^Server URL/).fill("https://93.184.216.34/mcp");
    await section.getByLabel(/^Secret/).fill("tok-123-secret");
    await section.getByRole("button", { name: "Add server" }).click();
    const row = section.getByTestId("mcp-server");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("tools");
    await expect(row).toContainText("secret sent as Authorization");
    await expect(section.getByTestId("mcp-server-error")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText("tok-123-secret");
    await expect(section.getByLabel(/^Secret/)).toHaveValue("");
    await expectNoHorizontalOverflow(page, `account page with a server at ${width} px`);
    found.push(...(await axeViolations(page, "added")));
    await shot("added");

    // Removed by keyboard; focus lands on the section's heading, not on <body>.
    await section.getByRole("button", { name: "Remove MCP server tools" }).focus();
    await page.keyboard.press("Enter");
    await expect(section.getByTestId("mcp-server")).toHaveCount(0);
    await expect(section.getByRole("heading", { name: "Your MCP servers" })).toBeFocused();

    expect(found).toEqual([]);
    await context.close();
  });
}
