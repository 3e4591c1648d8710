import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createThread, messages, send } from "./support/chat-page";

// Email through the action ledger, against the production server, the offline model and the
// local outbox (no SMTP configured): the tool card shows the action's state, the Actions view
// lists it with its journal, and the API answers per the issue.

const EMAIL = ["email me@example.com", "subject: Weekly report", "```", "# Week 48", "- shipped the ledger", "```"].join("\n");

test("the agent's email shows as sent, and the actions view lists it with its journal and the outbox", async ({ page }) => {
  const threadId = await createThread(page);
  await send(page, EMAIL);
  const card = messages(page, "assistant").last().locator('[data-testid="tool-card"][data-tool="send_email"]');
  await expect(card).toHaveAttribute("data-outcome", "done");
  await expect(card.getByTestId("tool-summary")).toHaveText("Sent an email to me@example.com (“Weekly report”)");
  // The provider's Message-ID is in the raw result folded underneath, not in the words.
  await expect(card.getByTestId("tool-summary")).not.toContainText("@actions.longrun.local");
  await card.getByTestId("tool-raw").locator("summary").click();
  await expect(card.getByTestId("tool-raw-result")).toContainText(/"resultId": "<act-[0-9a-f]{32}@actions\.longrun\.local>"/);

  // The header offers the actions too, with nothing waiting for a decision.
  await expect(page.getByTestId("actions-entry")).toHaveAttribute("data-waiting", "0");
  await expect(page.getByTestId("actions-entry-count")).toHaveCount(0);

  await card.getByTestId("open-actions").click();
  const dialog = page.getByTestId("actions-dialog");
  const row = dialog.getByTestId("action-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", "succeeded");
  await expect(row.getByTestId("action-intent")).toHaveText("Send an email to me@example.com: “Weekly report”");
  await expect(row.getByTestId("action-status")).toHaveText("Sent");
  await row.getByText(/What happened/).click();
  await expect(row.getByTestId("action-journal-entry")).toHaveText([
    /^Taken up for sending by the server \(attempt 1\)\./,
    /^Handed to the mail server by the server \(attempt 1\)\./,
    /^Sent \(attempt 1\); recorded by the server\./,
  ]);
  await expect(dialog.getByTestId("outbox-row")).toContainText("Weekly report");

  const res = await page.request.get(`/api/threads/${threadId}/actions`);
  expect(res.status()).toBe(200);
  const { actions } = (await res.json()) as { actions: Array<Record<string, unknown>> };
  expect(actions).toHaveLength(1);
  expect(actions[0]).toMatchObject({
    type: "send_email",
    status: "succeeded",
    attempt: 1,
    request: { to: "me@example.com", subject: "Weekly report" },
  });
  expect(String(actions[0].key)).toMatch(/:send_email:me@example\.com:Weekly report$/);
  expect(actions[0].journal).toHaveLength(3);

  const outbox = (await (await page.request.get("/api/outbox")).json()) as { messages: Array<Record<string, unknown>> };
  expect(outbox.messages[0]).toMatchObject({
    to: "me@example.com",
    subject: "Weekly report",
    key: actions[0].key,
    messageId: actions[0].resultId,
  });
});

test("the actions API validates, answers 409 for a settled action and 404 for another person's thread", async ({ page, browser }) => {
  const threadId = await createThread(page);
  await send(page, EMAIL);
  const { actions } = (await (await page.request.get(`/api/threads/${threadId}/actions`)).json()) as { actions: Array<{ key: string }> };
  const resolveUrl = `/api/threads/${threadId}/actions/${encodeURIComponent(actions[0].key)}/resolve`;

  const bad = await page.request.post(resolveUrl, { data: { decision: "resend_everything" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.code).toBe("invalid_body");
  const settled = await page.request.post(resolveUrl, { data: { decision: "send_again" } });
  expect(settled.status()).toBe(409);
  expect((await settled.json()).error.code).toBe("conflict");
  const missing = await page.request.post(`/api/threads/${threadId}/actions/nope/resolve`, { data: { decision: "mark_sent" } });
  expect(missing.status()).toBe(404);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto("/");
  expect((await other.request.get(`/api/threads/${threadId}/actions`)).status()).toBe(404);
  expect((await other.request.post(resolveUrl, { data: { decision: "mark_sent" } })).status()).toBe(404);
  const theirs = (await (await other.request.get("/api/outbox")).json()) as { messages: unknown[] };
  expect(theirs.messages).toEqual([]);
  await stranger.close();
});

test("a send whose outcome is unknown asks the person, who sends it again; the decision is journaled", async ({ page }) => {
  const threadId = await createThread(page);
  await send(page, EMAIL);
  // The state a crash leaves behind once the sweeper gave up on it (the crash itself is covered by
  // the integration tests): put the app's own database row there.
  const file = `test-data/e2e-${process.env.E2E_PORT ?? 3471}.db`;
  const sqlite = new Database(file);
  const changed = sqlite
    .prepare(`UPDATE "ActionLedger" SET "status" = 'needs_human', "errorCode" = 'outcome_unknown' WHERE "threadId" = ?`)
    .run(threadId).changes;
  sqlite.close();
  expect(changed).toBe(1);

  await page.reload();
  // From the header, without scrolling back to the tool card: one send needs a decision.
  const entry = page.getByRole("button", { name: "Actions: 1 send needs a decision" });
  await expect(entry).toHaveAttribute("data-waiting", "1");
  await expect(page.getByTestId("actions-entry-count")).toHaveText("1");
  await entry.click();
  const row = page.getByTestId("actions-dialog").getByTestId("action-row");
  await expect(row).toHaveAttribute("data-status", "needs_human");
  await expect(row.getByTestId("action-status")).toHaveText("Needs your decision");
  await expect(row.getByTestId("action-status-detail")).toHaveText(
    "It is not known whether this was sent. If it arrived, mark it as sent; if not, send it again.",
  );
  await row.getByTestId("action-send-again").click();
  await expect(row).toHaveAttribute("data-status", "succeeded");
  await expect(row.getByTestId("action-status-detail")).toContainText("Sent on the second attempt");
  await expect(page.getByTestId("actions-entry")).toHaveAttribute("data-waiting", "0");
  await expect(page.getByTestId("actions-entry-count")).toHaveCount(0);
  await row.getByText(/What happened/).click();
  await expect(row.locator('[data-testid="action-journal-entry"][data-type="person_decided"]')).toContainText(
    "Decided by you: send again.",
  );

  // The outbox recognised the Message-ID: still one message for this key.
  const { messages: sent } = (await (await page.request.get(`/api/outbox?threadId=${threadId}`)).json()) as { messages: unknown[] };
  expect(sent).toHaveLength(1);
});
