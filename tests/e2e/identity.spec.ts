import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createThread, send } from "./support/chat-page";

// One caller on every path (issue 20), in a real browser against the production server over plain
// http: the account's cookies are set without `__Secure-`/Secure (COOKIE_SECURE=auto), the
// sidebar names who is signed in, a signed-in account's thread page is server rendered, and an old
// copy of the guest cookie of an account reads nothing on any page or GET route found on disk.

const SECRET = "tangerine-7731";
const PASSWORD = "a long enough password";

/** Every page and every GET route handler under app/, as URLs for this thread and routine. */
function entryPointUrls(ids: { threadId: string; routineId: string; messageId: string }): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === "page.tsx" || (e.name === "route.ts" && /export const GET\b/.test(fs.readFileSync(full, "utf8"))))
        files.push(full);
    }
  };
  walk("app");
  return files.map((file) => {
    const dir = path.dirname(path.relative("app", file)).split(path.sep).join("/");
    const url = `/${dir === "." ? "" : dir}`
      .replace(/^\/routines\/\[id\]/, `/routines/${ids.routineId}`)
      .replace(/^\/api\/routines\/\[id\]/, `/api/routines/${ids.routineId}`)
      .replace("[id]", ids.threadId)
      .replace("[messageId]", ids.messageId)
      .replace("[key]", "no-such-key")
      .replace("[...path]", "notes.md")
      .replace("[...all]", "get-session");
    return url;
  });
}

async function readsNothing(api: APIRequestContext, urls: string[], secrets: string[]) {
  for (const url of urls) {
    const res = await api.get(url);
    expect(res.status(), url).toBeLessThan(500);
    const body = await res.text();
    for (const s of secrets) expect(body, `${url} shows ${s}`).not.toContain(s);
  }
}

test("after sign-up an old guest cookie reads nothing on any page or route; the account is server rendered and named", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const email = `identity-${Date.now()}@example.com`;
  const threadId = await createThread(page);
  await send(page, `the launch code is ${SECRET}`);
  await page.request.put(`/api/threads/${threadId}/files/notes.md`, { data: { content: `notes ${SECRET}`, baseVersion: null } });
  const routine = await page.request.post("/api/routines", {
    data: { name: `Routine ${SECRET}`, instructions: "Say hello.", cron: "0 9 * * 1-5", timezone: "UTC" },
  });
  const routineId = (await routine.json()).id as string;
  const messageId = (await (await page.request.get(`/api/threads/${threadId}/messages`)).json()).messages[0].id as string;
  const urls = entryPointUrls({ threadId, routineId, messageId });
  expect(urls).toEqual(expect.arrayContaining(["/", `/t/${threadId}`, "/account", `/api/threads/${threadId}/messages`]));
  const oldGuestCookie = (await context.cookies()).find((c) => c.name === "lrc_session")!.value;

  await page.goto("/account");
  const form = page.getByTestId("save-work");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/Password/).fill(PASSWORD);
  await form.getByRole("button").click();
  await expect(page.getByTestId("account-email")).toHaveText(email);

  // Plain http: the account cookie has no __Secure- prefix and no Secure flag, so a browser keeps it.
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name.endsWith("better-auth.session_token"));
  expect(session?.name).toBe("better-auth.session_token");
  expect(session?.secure).toBe(false);
  expect(cookies.some((c) => c.name.startsWith("__Secure-"))).toBe(false);

  // The signed-in account's thread page comes with its messages in the first HTML, and the sidebar
  // says who is signed in.
  expect(await (await page.request.get(`/t/${threadId}`)).text()).toContain(`the launch code is ${SECRET}`);
  await page.goto(`/t/${threadId}`);
  await expect(page.getByTestId("account-link")).toContainText(`Signed in as ${email}`);

  // An old copy of the guest cookie (a shared computer, a copied header) reads nothing anywhere.
  const stale = await browser.newContext({ baseURL });
  try {
    await stale.addCookies([{ name: "lrc_session", value: oldGuestCookie, url: baseURL! }]);
    await readsNothing(stale.request, urls, [SECRET, email]);
    const stalePage = await stale.newPage();
    await stalePage.goto(`/t/${threadId}`);
    await expect(stalePage.getByTestId("account-link")).toHaveAttribute("data-signed-in", "false");
    await expect(stalePage.getByText(SECRET)).toHaveCount(0);
  } finally {
    await stale.close();
  }
});

const threadIdsOf = async (api: APIRequestContext) =>
  ((await (await api.get("/api/threads")).json()).threads as { id: string }[]).map((t) => t.id);

test("signing in with guest work open: the page says what happens first, keeps it apart or moves it in; the sidebar names the account", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `mover-${Date.now()}@example.com`;
  // The account, made in another browser.
  const owner = await browser.newContext({ baseURL });
  const ownerThread = await createThread(await owner.newPage());
  const signUp = await owner.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "Mover" },
    headers: { origin: baseURL! },
  });
  expect(signUp.ok()).toBe(true);
  await owner.close();

  // A guest with a chat opens the account page: both forms say what happens to that chat.
  const guestThread = await createThread(page);
  await send(page, "guest notes about the move");
  await page.goto("/account");
  await expect(page.getByTestId("save-work")).toContainText("You are a guest with 1 chat, kept in this browser only");
  const signIn = page.getByTestId("sign-in");
  await expect(signIn.getByTestId("guest-work-choice")).toContainText("This browser has 1 chat as a guest");
  // Password managers: a new password on sign-up, the saved one on sign-in.
  await expect(page.getByTestId("save-work").getByLabel(/Password/)).toHaveAttribute("autocomplete", "new-password");
  await expect(page.getByTestId("save-work").getByLabel("Email")).toHaveAttribute("autocomplete", "email");
  await expect(signIn.getByLabel(/Password/)).toHaveAttribute("autocomplete", "current-password");
  await expect(signIn.getByLabel("Email")).toHaveAttribute("autocomplete", "username");

  // Keep apart: the account does not get it, and the page says it is still there.
  await signIn.getByLabel(/Keep them apart/).check();
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel(/Password/).fill(PASSWORD);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("account-email")).toHaveText(email);
  await expect(page.getByTestId("kept-apart")).toContainText("1 chat from before you signed in");
  expect(await threadIdsOf(page.request)).toEqual([ownerThread]);

  // The chats page, reached without a reload, is the account's: its list, its name.
  await page.getByTestId("back-to-chats").click();
  await expect(page.getByTestId("account-link")).toContainText(`Signed in as ${email}`);
  await expect(page.locator(`a[href="/t/${ownerThread}"]`)).toBeVisible();
  await expect(page.locator(`a[href="/t/${guestThread}"]`)).toHaveCount(0);

  // Moved in later from the account page: the chat and its messages are the account's.
  await page.goto("/account");
  await page.getByTestId("move-guest-work").click();
  await expect(page.getByTestId("kept-apart")).toHaveCount(0);
  expect((await threadIdsOf(page.request)).sort()).toEqual([ownerThread, guestThread].sort());
  await page.goto(`/t/${guestThread}`);
  await expect(page.getByTestId("transcript").getByText("guest notes about the move", { exact: true })).toBeVisible();

  // The default when signing in elsewhere with guest work: it moves in.
  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    const secondThread = await createThread(second);
    await second.goto("/account");
    const form = second.getByTestId("sign-in");
    await expect(form.getByLabel(/Move them into the account/)).toBeChecked();
    await form.getByLabel("Email").fill(email);
    await form.getByLabel(/Password/).fill(PASSWORD);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(second.getByTestId("account-email")).toHaveText(email);
    await expect(second.getByTestId("kept-apart")).toHaveCount(0);
    expect(await threadIdsOf(second.request)).toContain(secondThread);
    expect((await other.cookies()).some((c) => c.name === "lrc_session")).toBe(false);
  } finally {
    await other.close();
  }
});

test("the page's mutations go through server actions; one replayed from another site or with an old guest cookie changes nothing", async ({
  page,
  browser,
  baseURL,
}) => {
  const threadId = await createThread(page);
  const posted: { url: string; headers: Record<string, string>; body: string }[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) posted.push({ url: r.url(), headers: r.headers(), body: r.postData() ?? "" });
  });
  const item = page.locator(`[data-testid="thread-item"][data-thread-id="${threadId}"]`);
  await item.getByTestId("rename-thread").click();
  await item.getByTestId("rename-input").fill("Renamed by an action");
  await item.getByTestId("rename-input").press("Enter");
  await expect(page.getByTestId("thread-title")).toHaveText("Renamed by an action");
  // The rename went through a server action, not PATCH /api/threads/:id.
  expect(posted).toHaveLength(1);
  const title = async () => (await (await page.request.get(`/api/threads/${threadId}`)).json()).thread.title;

  const replay = (api: APIRequestContext, headers: Record<string, string>, body = posted[0].body) =>
    api.fetch(posted[0].url, { method: "POST", headers: { ...posted[0].headers, ...headers }, data: body });
  const other = posted[0].body.replace("Renamed by an action", "Pwned");
  expect(other).not.toBe(posted[0].body);
  // From another site, with the victim's cookies: refused, nothing changes.
  await replay(page.request, { origin: "http://evil.test" }, other);
  await replay(page.request, { origin: "http://localhost:1" }, other);
  expect(await title()).toBe("Renamed by an action");
  // From a browser without the owner's cookie: the thread is not found.
  const stranger = await browser.newContext({ baseURL });
  try {
    const res = await replay(stranger.request, {}, other);
    expect(await res.text()).toContain("not_found");
  } finally {
    await stranger.close();
  }
  expect(await title()).toBe("Renamed by an action");
  // The same request from the page's own origin and cookie does change it (the replay is faithful).
  await replay(page.request, {}, other);
  expect(await title()).toBe("Pwned");
});
