import { expect, test, type Page } from "@playwright/test";
import { createThread } from "./support/chat-page";
import { startPausingProxy } from "./support/pausing-proxy";

// The thread page renders its newest page of messages on the server: the reply is in the first
// HTML, on screen before any script runs, and the client keeps that page instead of fetching it.

test("the newest message is in the first HTML and on screen without JavaScript", async ({ page, browser, baseURL }) => {
  const id = await createThread(page);
  const newest = await sendNotes(page, id, ["note 1", "note 2", "note 3"]);

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
  // before it shows a placeholder: the thread is streamed behind a boundary, and rendering waits
  // for its end (React reveals a boundary that completes after its fallback painted no sooner
  // than 300 ms later).
  const painted = await page.context().newPage();
  try {
    await painted.addInitScript(firstFrameProbe(newest.id));
    await painted.goto(`/t/${id}`);
    await expect.poll(() => firstFrameOf(painted)).toBe("newest");
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

/** Sends each note as a turn and waits for the last reply; returns that reply, the newest message. */
async function sendNotes(page: Page, id: string, notes: string[]) {
  for (const text of notes) {
    const res = await page.request.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text }] } } });
    expect(res.status()).toBe(200);
    await res.text();
  }
  const newestMessage = async () =>
    (await (await page.request.get(`/api/threads/${id}/messages?limit=1`)).json()).messages[0] as { id: string; role: string } | undefined;
  await expect.poll(async () => (await newestMessage())?.role).toBe("assistant");
  return (await newestMessage())!;
}

/**
 * Records in `window.__firstFrame` what the first frame that draws any of the chat shows: "newest"
 * when it holds the newest message on screen, "fallback" for the empty placeholder, else its text.
 * Frames before the chat has arrived draw nothing of it, or only the sidebar: Chromium may paint a
 * document it has parsed in part, and the sidebar comes first. Each frame is read as drawn: after
 * all its animation-frame callbacks (React reveals a streamed boundary in one), from a task queued
 * in it.
 */
const firstFrameProbe = (newestId: string) => `(() => {
  const drawn = () => {
    const text = document.body?.innerText ?? "";
    if (/Loading/.test(text)) return (window.__firstFrame = text.slice(0, 80));
    if (document.querySelector("[data-thread-fallback]")?.checkVisibility()) return (window.__firstFrame = "fallback");
    const main = document.querySelector("main");
    if (!main?.checkVisibility() || !main.innerText.trim()) return requestAnimationFrame(frame);
    const el = document.querySelector('[data-message-id="${newestId}"]');
    const r = el && el.getBoundingClientRect();
    window.__firstFrame = r && r.height > 0 && r.top < innerHeight && r.bottom > 0 ? "newest" : text.slice(0, 80);
  };
  const frame = () => setTimeout(drawn, 0);
  requestAnimationFrame(frame);
})()`;

const firstFrameOf = (page: Page) => page.evaluate(() => (window as unknown as { __firstFrame?: string }).__firstFrame);

// The thread's HTML and the script that reveals it can reach the browser apart (a busy server or
// network; CI once). A frame drawn in that gap showed the empty placeholder, and React then held
// the thread back for 300 ms more.
test("the first frame holds the newest message when the response pauses between the thread and its reveal", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await createThread(page);
  const newest = await sendNotes(page, id, ["one note"]);

  const proxy = await startPausingProxy(baseURL!, '<span id="thread-page-ready" hidden=""></span></div>', 400);
  const paused = await browser.newContext({ baseURL: proxy.url, storageState: await page.context().storageState() });
  try {
    const painted = await paused.newPage();
    await painted.addInitScript(firstFrameProbe(newest.id));
    await painted.goto(`/t/${id}`);
    await expect.poll(() => firstFrameOf(painted)).toBe("newest");
    expect(proxy.pauses()).toBe(1);
  } finally {
    await paused.close();
    await proxy.close();
  }
});

test("the document's head is sent before the thread is read, the thread in the same response", async ({ page, baseURL }) => {
  const id = await createThread(page);
  const cookie = (await page.context().cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join("; ");
  // What the first read of the body holds. Two writes can reach the reader as one (a busy
  // machine), so one of five requests must show the shell alone; unstreamed, none ever does.
  const firstReads: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${baseURL}/t/${id}`, { headers: { cookie } });
    const reader = res.body!.getReader();
    firstReads.push(new TextDecoder().decode((await reader.read()).value));
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(firstReads[i] + rest).toContain('id="thread-page-ready"');
  }
  expect(firstReads.every((chunk) => chunk.includes("</head>"))).toBe(true);
  expect(firstReads.some((chunk) => !chunk.includes('id="thread-page-ready"'))).toBe(true);
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
