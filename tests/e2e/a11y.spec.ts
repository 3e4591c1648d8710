import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeAudit } from "./support/axe";
import { clickHeaderControl, createThread, send } from "./support/chat-page";

// axe-core (WCAG 2 A/AA and best practice) over every page and state, in both themes, on a
// desktop and a phone, against the production build; any violation fails. Then the keyboard:
// focus goes back to what opened a dialog or panel, the editor can be left, shortcuts work.

const EMAIL = ["email me@example.com", "subject: Weekly report", "```", "# Week 48", "- shipped the ledger", "```"].join("\n");
const PLAN = "write notes/plan.md\n```\n# Plan\n- [ ] first step\n```\n\nAnd some code:\n\n```ts\nconst answer = 42;\n```";

type Owner = Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>>;
let owner: Owner;
let threadId = "";
let routineId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  threadId = await createThread(page);
  await send(page, PLAN);
  await send(page, EMAIL);
  // A second version, so the history has a diff to show.
  await send(page, "read notes/plan.md\nwrite notes/plan.md\n```\n# Plan\n- [ ] first step\n- [ ] second step\n```");
  const routine = await page.request.post("/api/routines", {
    data: { name: "Morning notes", instructions: "Say hello.", cron: "0 9 * * 1-5", timezone: "Europe/Berlin" },
  });
  routineId = ((await routine.json()) as { id: string }).id;
  expect((await page.request.post(`/api/routines/${routineId}/run`)).status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/routines/${routineId}/runs`)).json()) as { runs: { status: string }[] }).runs[0]?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe("succeeded");
  owner = await page.context().storageState();
  await page.close();
});

async function ownerPage(browser: Browser, width: number, dark: boolean) {
  const context = await browser.newContext({
    storageState: owner,
    viewport: { width, height: width < 768 ? 844 : 900 },
    colorScheme: dark ? "dark" : "light",
  });
  return context.newPage();
}

type Found = { state: string; rule: string; impact: string | null | undefined; targets: string[]; help: string };

async function audit(page: Page, state: string, found: Found[]) {
  for (const v of await axeAudit(page)) {
    found.push({
      state,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`),
    });
  }
}

async function showWorkspace(page: Page) {
  const panel = page.getByTestId("workspace-panel");
  if (!(await panel.isVisible())) await page.getByTestId("workspace-toggle").click();
  await expect(panel).toBeVisible();
}

async function closeWorkspace(page: Page) {
  await page.getByTestId("workspace-close").click();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
}

for (const dark of [false, true]) {
  for (const width of [1280, 390]) {
    test(`no axe violations on any page or state: ${dark ? "dark" : "light"}, ${width} px`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await ownerPage(browser, width, dark);
      const found: Found[] = [];
      const phone = width < 768;

      await page.goto("/");
      await expect(page.getByTestId("empty-new-thread")).toBeVisible();
      await audit(page, "home", found);
      if (phone) {
        await page.getByTestId("open-sidebar").click();
        await expect(page.getByTestId("sidebar-drawer")).toBeVisible();
        await audit(page, "chat list drawer", found);
        await page.keyboard.press("Escape");
      }

      await page.goto(`/t/${threadId}`);
      await expect(page.getByTestId("composer")).toBeEnabled();
      if (await page.getByTestId("workspace-panel").isVisible()) await closeWorkspace(page);
      await audit(page, "thread, panels closed", found);

      await showWorkspace(page);
      await page.getByTestId("file-item").filter({ hasText: "plan.md" }).click();
      await expect(page.locator(".cm-editor")).toBeVisible();
      await audit(page, "workspace with a file open", found);

      await page.getByTestId("file-history-toggle").click();
      await page.locator('[data-testid="version-item"][data-version="1"]').click();
      await expect(page.getByTestId("version-diff")).toBeVisible();
      await audit(page, "file history and diff", found);
      await page.getByTestId("file-history-toggle").click();

      // Unsaved edits, then the agent writes the file: the conflict bar. On a phone the sheet
      // covers the composer, so it closes (the draft waits in the tab's storage) and reopens.
      await page.locator(".cm-content").click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type(" (mine)");
      await expect(page.getByTestId("file-unsaved")).toBeVisible();
      if (phone) await closeWorkspace(page);
      await send(page, `read notes/plan.md\nwrite notes/plan.md\n\`\`\`\n# Plan\n- [ ] theirs ${dark}${width}\n\`\`\``);
      if (phone) await showWorkspace(page);
      await expect(page.getByTestId("file-conflict")).toBeVisible({ timeout: 20_000 });
      await audit(page, "workspace conflict bar", found);
      await page.getByTestId("conflict-take-theirs").click();
      await expect(page.getByTestId("file-conflict")).toBeHidden();
      await closeWorkspace(page);

      await clickHeaderControl(page, "inspector-toggle");
      await expect(page.getByTestId("inspector-panel")).toBeVisible();
      await audit(page, "inspector open", found);
      await page.getByTestId("inspector-panel").getByRole("button", { name: "Close inspector" }).click();

      // From the header: the email's tool card may have left the (bounded) transcript DOM by now.
      await clickHeaderControl(page, "actions-entry");
      await expect(page.getByTestId("actions-dialog")).toBeVisible();
      await audit(page, "actions", found);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("actions-dialog")).toBeHidden();

      await clickHeaderControl(page, "continue-new-chat");
      await expect(page.getByTestId("continue-dialog")).toBeVisible();
      await audit(page, "continue dialog", found);
      await page.keyboard.press("Escape");

      // On a phone the sidebar (with the shortcuts button) is a drawer; the desktop copy is hidden.
      if (phone) {
        await page.getByTestId("open-sidebar").click();
        await page.getByTestId("sidebar-drawer").getByTestId("shortcuts-button").click();
      } else await page.getByTestId("shortcuts-button").filter({ visible: true }).click();
      await expect(page.getByTestId("shortcut-help")).toBeVisible();
      await audit(page, "shortcut help", found);
      await page.keyboard.press("Escape");

      await page.goto("/routines");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The hint names where the list is: in the drawer on a phone, beside the page otherwise.
      // innerText: the other wording is in the DOM too, hidden at this width.
      const hint = page.getByTestId("routines-hint");
      await expect(hint).toHaveText(phone ? /^Pick a routine from the menu, or/ : /^Pick a routine on the left, or/, {
        useInnerText: true,
      });
      await audit(page, "routines list", found);
      await page.goto("/routines/new");
      await expect(page.getByTestId("routine-form")).toBeVisible();
      await audit(page, "new routine", found);
      await page.goto(`/routines/${routineId}`);
      await expect(page.getByTestId("run-row").first()).toBeVisible();
      await audit(page, "routine detail", found);
      await showWorkspace(page);
      await audit(page, "routine detail with its workspace", found);

      await page.goto("/account");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await audit(page, "account", found);

      expect(found).toEqual([]);
    });
  }
}
