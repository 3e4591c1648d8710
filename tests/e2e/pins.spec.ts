import { expect, test } from "@playwright/test";
import { createThread, messages, send } from "./support/chat-page";

// Pinning in the browser: the button, the pin budget it shows, the inspector's list, and the model
// input after compaction (e2e thresholds: CONTEXT_RECENT_TOKENS=400, COMPACT_AT_INPUT_TOKENS=1500).

const filler = (topic: string) =>
  `${topic}. ` +
  Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep \`loadAccount\` stable.`).join(" ");

test("a pinned message stays in the model input verbatim after compaction, and the budget is shown", async ({ page }) => {
  test.setTimeout(180_000);
  const id = await createThread(page);
  await send(page, "Never deploy on Fridays. This rule holds for the whole migration.");

  const rule = messages(page, "user").first();
  await rule.hover();
  const pin = rule.getByTestId("pin-message");
  await expect(pin).toHaveText("Pin");
  await pin.click();
  await expect(pin).toHaveAttribute("aria-pressed", "true");
  await expect(pin).toHaveText("Pinned");
  await expect(rule.getByTestId("pin-budget")).toHaveText(/^\d+ \/ 4,000 pinned tokens$/);
  const ruleId = await rule.getAttribute("data-message-id");

  // Push the rule far before the cut.
  for (const topic of ["api", "jobs", "cli", "docs"]) await send(page, filler(topic));
  await expect
    .poll(
      async () => {
        const ctx = await (await page.request.get(`/api/threads/${id}/context`)).json();
        return !ctx.compaction.running && ctx.recentSpan !== null && ctx.pins.sent.length === 1;
      },
      { timeout: 60_000, intervals: [1500] },
    )
    .toBe(true);

  await send(page, "echo input");
  const echoed = await messages(page, "assistant").last().textContent();
  expect(echoed).toContain("Summary of earlier conversation:");
  expect(echoed).toContain("Pinned message (user), kept verbatim:\\nNever deploy on Fridays.");

  await page.getByTestId("inspector-toggle").click();
  const pins = page.getByTestId("inspector-pins");
  await expect(pins).toContainText(/1 pinned · \d+ \/ 4,000 tokens of the pin budget/);
  await expect(pins.getByTestId("inspector-pin")).toHaveCount(1);
  await expect(page.getByTestId("inspector-call").first()).toBeVisible();

  // Unpinning takes it out of the next request.
  const res = await page.request.delete(`/api/threads/${id}/messages/${ruleId}/pin`);
  expect(res.ok()).toBe(true);
  const after = await (await page.request.get(`/api/threads/${id}/context`)).json();
  expect(after.pins).toMatchObject({ count: 0, sent: [] });
});

test("a pin over the budget is refused with a message the person can act on", async ({ page }) => {
  const id = await createThread(page);
  await send(page, "word ".repeat(4500).trim());
  const big = messages(page, "user").first();
  await big.hover();
  await big.getByTestId("pin-message").click();
  await expect(big.getByTestId("pin-error")).toContainText("does not fit the pin budget");
  const res = await page.request.post(`/api/threads/${id}/messages/${await big.getAttribute("data-message-id")}/pin`);
  expect(res.status()).toBe(422);
  expect((await res.json()).error.code).toBe("limit_reached");
});
