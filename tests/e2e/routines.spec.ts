import { expect, request as newRequest, test, type Page } from "@playwright/test";

// Routines over real HTTP against the production server and the offline model: the JSON API, the
// cron route's guard, and a person creating a routine, running it, replying between runs and
// seeing the preference carried into the next run through routine/notes.md.

const body = {
  name: "Inbox digest",
  instructions: "Go through my inbox notes and send me a digest.",
  cron: "0 9 * * 1-5",
  timezone: "Europe/Berlin",
};

async function waitForRuns(page: Page, routineId: string, count: number) {
  await expect
    .poll(
      async () => {
        const { runs } = await (await page.request.get(`/api/routines/${routineId}/runs`)).json();
        return runs.filter((r: { status: string }) => r.status === "succeeded").length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

test("routines API: create, read, update, run, runs; bad schedules name the field; another user's routine is a 404", async ({
  request,
  baseURL,
}) => {
  const created = await request.post("/api/routines", { data: body });
  expect(created.status()).toBe(201);
  const { id, threadId, nextRunAt } = await created.json();
  expect(typeof threadId).toBe("string");
  expect(new Date(nextRunAt).getTime()).toBeGreaterThan(Date.now());
  expect((await (await request.get("/api/routines")).json()).routines.map((r: { id: string }) => r.id)).toContain(id);

  const badCron = await request.post("/api/routines", { data: { ...body, cron: "61 * * * *" } });
  expect(badCron.status()).toBe(400);
  expect((await badCron.json()).error).toMatchObject({ code: "invalid_body", field: "cron", message: expect.stringContaining("minute") });
  const badZone = await request.patch(`/api/routines/${id}`, { data: { timezone: "Mars/Olympus" } });
  expect(badZone.status()).toBe(400);
  expect((await badZone.json()).error).toMatchObject({ field: "timezone", message: expect.stringContaining("Mars/Olympus") });
  const tooOften = await request.post("/api/routines", { data: { ...body, cron: "*/10 * * * * *" } });
  expect(tooOften.status()).toBe(400);
  expect((await tooOften.json()).error.message).toContain("once a minute");

  const patched = await request.patch(`/api/routines/${id}`, { data: { enabled: false, name: "Morning digest" } });
  expect((await patched.json()).routine).toMatchObject({ enabled: false, nextRunAt: null, name: "Morning digest" });

  const stranger = await newRequest.newContext({ baseURL });
  expect((await stranger.get(`/api/routines/${id}`)).status()).toBe(404);
  expect((await stranger.patch(`/api/routines/${id}`, { data: { enabled: true } })).status()).toBe(404);
  expect((await stranger.post(`/api/routines/${id}/run`)).status()).toBe(404);
  expect((await stranger.get(`/api/routines/${id}/runs`)).status()).toBe(404);
  expect((await stranger.delete(`/api/routines/${id}`)).status()).toBe(404);
  expect((await stranger.get(`/api/threads/${threadId}/messages`)).status()).toBe(404);
  await stranger.dispose();

  const run = await request.post(`/api/routines/${id}/run`);
  expect(run.status()).toBe(202);
  const { runId } = await run.json();
  await expect
    .poll(async () => (await (await request.get(`/api/routines/${id}/runs`)).json()).runs[0]?.status, { timeout: 30_000 })
    .toBe("succeeded");
  const { runs } = await (await request.get(`/api/routines/${id}/runs`)).json();
  expect(runs).toEqual([
    expect.objectContaining({
      id: runId,
      status: "succeeded",
      startMessageId: expect.any(String),
      error: null,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    }),
  ]);
  const { messages } = await (await request.get(`/api/threads/${threadId}/messages`)).json();
  expect(messages[0]).toMatchObject({ id: runs[0].startMessageId, role: "user", runStart: true });
  expect((await request.get(`/api/threads/${threadId}/files/routine/notes.md`)).status()).toBe(200);

  expect((await request.delete(`/api/routines/${id}`)).status()).toBe(204);
  expect((await request.get(`/api/routines/${id}`)).status()).toBe(404);
});

test("the cron route refuses a missing or wrong secret", async ({ request }) => {
  const missing = await request.get("/api/cron/routines");
  expect(missing.status()).toBe(401);
  expect((await missing.json()).error.code).toBe("unauthorized");
  const wrong = await request.get("/api/cron/routines", { headers: { authorization: "Bearer not-the-secret-at-all" } });
  expect(wrong.status()).toBe(401);
});

test('a person creates a routine, runs it, says "Skip newsletters from now on", and run 2 applies it', async ({ page }) => {
  test.setTimeout(120_000); // two runs and a follow-up: 16 s idle, over 60 s at load 20
  await page.goto("/");
  await page.getByTestId("routines-nav").getByTestId("new-routine").click();
  await page.waitForURL(/\/routines\/new$/);
  await page.getByTestId("routine-name").fill("Newsletter triage");
  await page.getByTestId("routine-instructions").fill("Go through my inbox notes and send me a digest.");
  await page.getByTestId("schedule-kind").selectOption("weekdays");
  await page.getByTestId("schedule-time").fill("07:30");
  await page.getByTestId("routine-timezone").fill("Europe/Berlin");
  await expect(page.getByTestId("schedule-words")).toHaveText("Weekdays (Monday to Friday) at 07:30 (Europe/Berlin)");
  await expect(page.getByTestId("schedule-next-runs").locator("li")).toHaveCount(3);
  await page.getByTestId("routine-timezone").fill("Nowhere/Land");
  await expect(page.getByTestId("schedule-problem")).toContainText("Nowhere/Land");
  await page.getByTestId("routine-timezone").fill("Europe/Berlin");
  await page.getByTestId("routine-save").click();
  await page.waitForURL((url) => /^\/routines\/(?!new$)[\w-]+$/.test(url.pathname));
  const routineId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("routine-title")).toHaveText("Newsletter triage");
  await expect(page.getByTestId("routines-nav").getByTestId("routine-link").filter({ hasText: "Newsletter triage" })).toBeVisible();

  await page.getByTestId("routine-run-now").click();
  await waitForRuns(page, routineId, 1);
  await expect(page.getByTestId("run-row").first()).toHaveAttribute("data-status", "succeeded");
  await expect(page.getByTestId("run-divider")).toHaveCount(1);
  // No bare "Assistant" header: every shown reply has its text once the run is over.
  const bare = await page
    .locator('[data-testid="routine-message"][data-role="assistant"]')
    .evaluateAll((rows) => rows.filter((r) => (r.textContent ?? "").replace("Assistant", "").trim() === "").length);
  expect(bare).toBe(0);
  await expect(page.getByTestId("routine-message-working")).toHaveCount(0);
  await expect(page.locator('[data-testid="file-item"][data-path="routine/notes.md"]')).toBeVisible();

  await page.getByTestId("routine-reply").fill("Skip newsletters from now on");
  await page.getByTestId("routine-reply-send").click();
  await expect(page.getByTestId("routine-message").filter({ hasText: "Adding to routine/notes.md" })).toBeVisible();

  await page.getByTestId("routine-run-now").click();
  await waitForRuns(page, routineId, 2);
  await expect(page.getByTestId("run-divider")).toHaveCount(2);
  const report = page.getByTestId("routine-message").filter({ hasText: "Notes applied (from routine/notes.md)" }).last();
  await expect(report).toContainText("Skip newsletters from now on");
  const secondStart = page.getByTestId("run-start-message").last();
  await secondStart.locator("summary").click();
  await expect(secondStart).toContainText("User follow-ups:\n- Skip newsletters from now on");

  await page.locator('[data-testid="file-item"][data-path="routine/notes.md"]').click();
  await expect(page.getByTestId("file-editor")).toContainText("Skip newsletters from now on");

  await page.getByTestId("routine-toggle").click();
  await expect(page.getByTestId("routine-next-run")).toContainText("Paused");
  await page.getByTestId("routine-delete").click();
  await page.getByRole("dialog", { name: "Delete this routine?" }).getByTestId("confirm-accept").click();
  await page.waitForURL(/\/routines$/);
  await expect(page.getByTestId("routines-nav").getByTestId("routine-link").filter({ hasText: "Newsletter triage" })).toHaveCount(0);
});
