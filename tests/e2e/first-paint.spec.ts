import { expect, test } from "@playwright/test";
import { createThread } from "./support/chat-page";

// The thread page renders its newest page of messages on the server: the reply is in the first
// HTML, on screen before any script runs, and the client keeps that page instead of fetching it.

test("the newest message is in the first HTML and on screen without JavaScript", async ({ page, browser, baseURL }) => {
  const id = await createThread(page);
  for (let i = 1; i <= 3; i++) {
    const res = await page.request.post("/api/chat", {
      data: { id, message: { role: "user", parts: [{ type: "text", text: `note ${i}` }] } },
    });
    expect(res.status()).toBe(200);
    await res.text();
  }
  await expect
    .poll(async () => (await (await page.request.get(`/api/threads/${id}/messages?limit=1`)).json()).messages[0]?.role)
    .toBe("assistant");
  const newest = (await (await page.request.get(`/api/threads/${id}/messages?limit=1`)).json()).messages[0] as { id: string };

  const html = await (await page.request.get(`/t/${id}`)).text();
  expect(html).toContain(`data-message-id="${newest.id}"`);

  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const staticPage = await noScript.newPage();
    await staticPage.goto(`/t/${id}`);
    await expect(staticPage.locator(`[data-message-id="${newest.id}"]`)).toBeInViewport();
    await expect(staticPage.getByText("note 3", { exact: true })).toBeVisible();
  } finally {
    await noScript.close();
  }

  // The first frame that draws any of the chat already holds the newest message, and no frame
  // before it shows a placeholder: the page is not streamed behind one (React reveals a boundary
  // that completes after its fallback painted no sooner than 300 ms later).
  const painted = await page.context().newPage();
  try {
    // Frames before the chat has arrived draw nothing of it, or only the sidebar: Chromium may
    // paint a document it has parsed in part, and the sidebar comes first.
    await painted.addInitScript(`(() => {
      const frame = () => {
        const text = document.body?.innerText ?? "";
        if (/Loading/.test(text)) return (window.__firstFrame = text.slice(0, 80));
        if (!document.querySelector("main")?.innerText.trim()) return requestAnimationFrame(frame);
        const el = document.querySelector('[data-message-id="${newest.id}"]');
        const r = el && el.getBoundingClientRect();
        window.__firstFrame = r && r.height > 0 && r.top < innerHeight && r.bottom > 0 ? "newest" : text.slice(0, 80);
      };
      requestAnimationFrame(frame);
    })()`);
    await painted.goto(`/t/${id}`);
    await expect.poll(() => painted.evaluate(() => (window as unknown as { __firstFrame?: string }).__firstFrame)).toBe("newest");
  } finally {
    await painted.close();
  }

  // The live page starts from the rendered page: no request for the newest page on load. (Its live
  // feed replays changes from 2 s before the page was read, for other instances' clocks: a thread
  // quiet for longer has nothing to replay and nothing to refetch.)
  await page.waitForTimeout(2_500);
  const pageRequests: string[] = [];
  page.on("request", (r) => {
    if (/\/messages\?limit=40$/.test(r.url())) pageRequests.push(r.url());
  });
  await page.goto(`/t/${id}`);
  await expect(page.getByTestId("transcript").locator(`[data-message-id="${newest.id}"]`)).toBeVisible();
  await expect(page.getByTestId("composer")).toBeEnabled();
  expect(pageRequests).toEqual([]);
});

test("the app has an icon and a web manifest", async ({ page }) => {
  await page.goto("/");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: "Longrun Chat", start_url: "/" });
  const iconHref = await page.locator('link[rel="icon"]').first().getAttribute("href");
  const icon = await page.request.get(iconHref!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("svg");
});
