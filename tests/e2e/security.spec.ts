import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { expect, request as newRequest, test, type Page } from "@playwright/test";
import { createThread, messages, send } from "./support/chat-page";
import { awayFromPeriodEnd } from "../support/rate-period";

// Issue 14 over real HTTP against the production server: what a browser and an attacker see.

const PORT = Number(process.env.E2E_PORT ?? 3471);
const DB_FILE = `test-data/e2e-${PORT}.db`;
const count = (table: string) => {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test("malformed URLs, empty segments and trailing slashes are JSON 400s, never a redirect or a 500", async ({ baseURL }) => {
  const api = await newRequest.newContext({ baseURL, maxRedirects: 0 });
  const { id } = await (await api.post("/api/threads")).json();
  await api.put(`/api/threads/${id}/files/notes.md`, { data: { content: "kept", baseVersion: null } });
  const urls = [
    "/api/threads/a%zz",
    "/t/a%zz",
    `/api/threads/${id}/files/a%`,
    `/api/threads/${id}/files/%ED%A0%80.md`,
    `/api/threads/${id}/files/a//b.md`,
    `/api/threads/${id}/files/dir/`,
    `/api/threads/${id}/messages/`,
  ];
  for (const url of urls) {
    for (const method of ["GET", "PUT", "DELETE", "POST"] as const) {
      const res = await api.fetch(url, {
        method,
        data: method === "PUT" || method === "POST" ? { content: "x", baseVersion: null } : undefined,
      });
      expect(res.status(), `${method} ${url}`).toBe(400);
      expect(res.headers()["content-type"], `${method} ${url}`).toContain("application/json");
      expect((await res.json()).error.code).toMatch(/^(bad_url|invalid_path)$/);
      expect(res.headers()["content-security-policy"], `${method} ${url}`).toContain("default-src 'none'");
      expect(res.headers()["x-frame-options"], `${method} ${url}`).toBe("DENY");
    }
  }
  for (const q of ["before=99999999999999999999", "before=2147483648", "limit=99999999999999"]) {
    const res = await api.get(`/api/threads/${id}/messages?${q}`);
    expect(res.status(), q).toBe(400);
  }
  expect((await (await api.get(`/api/threads/${id}/files/notes.md`)).json()).file.content).toBe("kept");
  expect((await (await api.get(`/api/threads/${id}/files`)).json()).files).toHaveLength(1);
  await api.dispose();
});

test("dot segments in a file URL are a 400, never resolved to another file", async ({ baseURL }) => {
  const api = await newRequest.newContext({ baseURL });
  const { id } = await (await api.post("/api/threads")).json();
  // Sent raw: fetch and Playwright would resolve the dot segments before sending.
  const put = (path: string) =>
    new Promise<{ status: number; code: string }>((resolve, reject) => {
      const body = JSON.stringify({ content: "x", baseVersion: null });
      const { origin, hostname, port } = new URL(baseURL!);
      const req = http.request({
        hostname,
        port,
        path: `/api/threads/${id}/files/${path}`,
        method: "PUT",
        headers: { "content-type": "application/json", origin },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, code: JSON.parse(text).error?.code }));
      });
      req.on("error", reject);
      req.end(body);
    });
  for (const path of ["a/../x.md", "./x.md", "a/%2e%2e/x.md", "../x.md"]) {
    expect(await put(path), path).toEqual({ status: 400, code: "invalid_path" });
  }
  expect((await (await api.get(`/api/threads/${id}/files`)).json()).files).toHaveLength(0);
  await api.dispose();
});

test("a chunked JSON body is parsed and validated like any other", async ({ baseURL }) => {
  const send = (body: string) =>
    new Promise<{ status: number; json: { thread?: { title: string }; error?: { code: string } } }>((resolve, reject) => {
      // No Content-Length: Node sends Transfer-Encoding: chunked, in two chunks.
      const req = http.request(`${baseURL}/api/threads`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 5));
      req.end(body.slice(5));
    });
  const ok = await send(JSON.stringify({ title: "Chunked title" }));
  expect(ok.status).toBe(201);
  expect(ok.json.thread?.title).toBe("Chunked title");
  const bad = await send(JSON.stringify({ title: "nul \u0000 inside" }));
  expect(bad.status).toBe(400);
  expect(bad.json.error?.code).toBe("invalid_body");
});

test("a cookieless read, even a 404, creates no user and sets no cookie", async ({ baseURL }) => {
  const api = await newRequest.newContext({ baseURL });
  const users = count("User");
  for (const url of [
    "/api/threads",
    "/api/threads/nosuch",
    "/api/threads/nosuch/messages",
    "/api/threads/nosuch/files/a.md",
    "/t/nosuch",
    "/",
  ]) {
    const res = await api.get(url);
    expect(res.status(), url).toBeLessThan(500);
    expect(res.headers()["set-cookie"], url).toBeUndefined();
  }
  expect(count("User")).toBe(users);
  await api.dispose();
});

test("pages and the API carry the security headers; the page policy has a fresh nonce", async ({ request }) => {
  const page1 = await request.get("/");
  const page2 = await request.get("/");
  for (const res of [page1, page2, await request.get("/api/threads")]) {
    const h = res.headers();
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("same-origin");
    expect(h["permissions-policy"]).toContain("camera=()");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  }
  const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const n1 = nonce(page1.headers()["content-security-policy"]);
  expect(n1).toBeTruthy();
  expect(n1).not.toBe(nonce(page2.headers()["content-security-policy"]));
  expect(page1.headers()["content-security-policy"]).not.toContain("unsafe-inline' 'strict");
  expect(await page1.text()).toContain(`nonce="${n1}"`);
  // The front server sets the policy (proxy.ts is skipped behind it): a client's own nonce never
  // reaches the page, and a thread page's policy is as fresh as the home page's.
  const forged = await request.get("/", { headers: { "x-nonce": "forged", "content-security-policy": "script-src *" } });
  const n3 = nonce(forged.headers()["content-security-policy"]);
  expect(n3).toBeTruthy();
  expect(n3).not.toBe("forged");
  const html = await forged.text();
  expect(html).toContain(`nonce="${n3}"`);
  expect(html).not.toContain('nonce="forged"');
  const { id } = await (await request.post("/api/threads")).json();
  const thread = await request.get(`/t/${id}`);
  const n4 = nonce(thread.headers()["content-security-policy"]);
  expect(n4).toBeTruthy();
  expect(await thread.text()).toContain(`nonce="${n4}"`);
});

/** A second site on its own port: serves whatever page the test gives it. */
async function attackerSite(html: () => string) {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html()));
  await new Promise<void>((resolve) => server.listen(PORT + 50, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

test("a cross-site form auto-submitted in Chromium changes nothing and the victim keeps their session", async ({
  page,
  context,
  baseURL,
}) => {
  const threadId = await createThread(page);
  await send(page, "hello from the victim");
  const victimCookie = (await context.cookies()).find((c) => c.name === "lrc_session")?.value;
  expect(victimCookie).toBeTruthy();
  const before = { users: count("User"), threads: count("Thread"), messages: count("Message") };

  let form = "";
  const site = await attackerSite(() => `<!doctype html><body>${form}<script>document.forms[0].submit()</script></body>`);
  try {
    const target = baseURL!.replace("localhost", "127.0.0.1");
    const forms = [
      // text/plain can smuggle a JSON body: {"id":"...","message":...,"x":"="}
      `<form method="POST" action="${target}/api/chat" enctype="text/plain"><input name='{"id":"${threadId}","message":{"role":"user","parts":[{"type":"text","text":"pwned"}]},"x":"' value='"}'></form>`,
      `<form method="POST" action="${target}/api/threads" enctype="text/plain"><input name='{"title":"pwned","x":"' value='"}'></form>`,
      `<form method="POST" action="${target}/api/threads"><input name="title" value="pwned"></form>`,
    ];
    // 127.0.0.1 on another port is a sibling origin of the same site (the Lax cookie is sent);
    // localhost is another site (it is not).
    for (const host of ["127.0.0.1", "localhost"]) {
      for (const f of forms) {
        form = f;
        const answer = page.waitForResponse((r) => r.url().startsWith(target) && r.request().method() === "POST");
        await page.goto(`http://${host}:${site.port}/`);
        const res = await answer;
        expect(res.status(), `${host}: ${f.slice(0, 60)}`).toBe(403);
        expect(res.headers()["set-cookie"]).toBeUndefined();
      }
    }
  } finally {
    await site.close();
  }
  expect({ users: count("User"), threads: count("Thread"), messages: count("Message") }).toEqual(before);
  expect((await context.cookies()).find((c) => c.name === "lrc_session")?.value).toBe(victimCookie);
  const threads = (await (await page.request.get("/api/threads")).json()).threads as { id: string }[];
  expect(threads.map((t) => t.id)).toContain(threadId);
  const stored = (await (await page.request.get(`/api/threads/${threadId}/messages`)).json()).messages as { text: string }[];
  expect(stored.map((m) => m.text).join(" ")).not.toContain("pwned");
});

function collectCspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(msg.text())) seen.push(msg.text());
  });
  page.on("pageerror", (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

test("the app works under its CSP: chat, highlighted code and the workspace editor, with no violation", async ({ page }) => {
  const violations = collectCspViolations(page);
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  await createThread(page);
  await send(page, "echo input");
  // A highlighted code block (the highlighter is loaded after hydration) rendered under the policy.
  await expect(messages(page, "assistant").last().locator("code.hljs span[class^='hljs-']").first()).toBeVisible();

  await send(page, "write csp.md\n```\n# Under CSP\n```");
  await page.locator('[data-testid="file-item"][data-path="csp.md"]').click();
  const editor = page.getByTestId("file-editor");
  await expect(editor).toContainText("Under CSP");
  await editor.locator(".cm-line", { hasText: "Under CSP" }).first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" typed");
  await expect(editor).toContainText("Under CSP typed");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("file-unsaved")).toBeHidden();
  expect(violations).toEqual([]);
});

/** A second production server with a turn allowance of one, on this run's spare port. */
async function startLimitedServer(port: number): Promise<() => void> {
  const { spawn } = await import("node:child_process");
  const fs = await import("node:fs");
  for (const ext of ["", "-wal", "-shm"]) fs.rmSync(`test-data/e2e-${port}.db${ext}`, { force: true });
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATABASE_URL: `file:./test-data/e2e-${port}.db`,
      DATA_DIR: "./test-data",
      CHAT_MODEL: "offline",
      OFFLINE_DELAY_MS: "10",
      RATE_TURNS_PER_WINDOW: "1",
      RATE_WINDOW_S: "3600",
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/model`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("limited server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  return () => child.kill("SIGTERM");
}

test("past the turn allowance the chat says when the person can send again, and counts down", async ({ browser }) => {
  test.setTimeout(240_000);
  const port = PORT + 51;
  const stop = await startLimitedServer(port);
  // The one allowed turn and the refused one must fall in one period (RATE_WINDOW_S 3600 here).
  await awayFromPeriodEnd(3600, 60);
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  try {
    const page = await context.newPage();
    await createThread(page);
    await send(page, "the one allowed message");
    await page.getByTestId("composer").fill("one too many");
    await page.getByTestId("composer").press("Enter");
    const notice = page.getByTestId("send-again");
    await expect(notice).toContainText(/You can send again in \d+ s\./);
    const first = Number(await notice.getAttribute("data-seconds-left"));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(3600);
    await expect.poll(async () => Number(await notice.getAttribute("data-seconds-left")), { timeout: 5_000 }).toBeLessThan(first);
    const res = await page.request.post("/api/chat", {
      data: { id: "x", message: { role: "user", parts: [{ type: "text", text: "hi" }] } },
    });
    expect(res.status()).toBe(429);
    expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
  } finally {
    await context.close();
    stop();
  }
});
