import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedSummary } from "../support/seed";
import { completeTurn, textStart } from "../support/turns";
import { Browser as BrowserOf } from "./browser";
import { accountMail, ORIGIN, type Jar } from "./support";
import { resetConfigForTests } from "@/tests/support/config";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as threadsRoute from "@/app/api/threads/route";
import * as fileRoute from "@/app/api/threads/[id]/files/[...path]/route";
import * as routinesRoute from "@/app/api/routines/route";

/*
 * Every account path on the server (issue 42 item 1), on both databases: a reset link works once
 * and within its hour, lands on the page that sets the new password and signs that browser in
 * (every other session ends); a password change needs the current password and signs out every
 * other session; deleting an account takes the password and removes everything it owns in one
 * transaction while another account's work stays.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const NO_PARAMS = { params: Promise.resolve({}) };

class Browser extends BrowserOf {
  constructor() {
    super(jar);
  }
  async signedIn(): Promise<string | null> {
    const me = (await (await this.auth("/get-session")).json()) as { user: { email: string } } | null;
    return me?.user.email ?? null;
  }
}

/** The newest reset link mailed to `to`. */
async function resetLink(db: Provisioned["db"], to: string): Promise<URL> {
  const mail = (await accountMail(db)).filter((m) => m.kind === "reset-password" && m.to === to).pop()!;
  return new URL(/(http\S+)/.exec(mail.text)![1]);
}

/** Follows a mailed link as a browser does: better-auth checks the token and redirects. */
async function follow(link: URL): Promise<URL> {
  const res = await authRoute.GET(new Request(link, { headers: { "sec-fetch-site": "none" } }), NO_PARAMS);
  expect(res.status).toBe(302);
  // A path alone: the browser stays on the origin of the link it followed (lib/auth/auth-request.ts).
  expect(res.headers.get("location")).toMatch(/^\/account\/reset\?/);
  return new URL(res.headers.get("location")!, ORIGIN);
}

async function signUp(email: string, password: string) {
  const b = new Browser();
  expect((await b.auth("/sign-up/email", { email, password, name: email.split("@")[0] })).status).toBe(200);
  return b;
}

async function signIn(email: string, password: string) {
  const b = new Browser();
  const res = await b.auth("/sign-in/email", { email, password });
  return { browser: b, status: res.status };
}

describe.each(testDatabases())("account paths on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "account-paths-secret-0123456789abcdef";
    // Every request here comes from one address; the limits have their own tests (sign-in-limits.test.ts).
    process.env.AUTH_ATTEMPTS_PER_ADDRESS = "100000";
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    delete process.env.AUTH_ATTEMPTS_PER_ADDRESS;
    resetConfigForTests();
    await env?.drop();
  });

  const password = "correct horse battery";

  it("a reset link lands on the reset page, sets the new password once, signs that browser in and every other one out", async () => {
    const email = `reset-${target.name}@example.com`;
    const elsewhere = await signUp(email, password);
    // Whatever a client asks for, the link leads to the app's reset page.
    expect((await new Browser().auth("/request-password-reset", { email, redirectTo: "https://evil.test/x" })).status).toBe(200);
    const landing = await follow(await resetLink(env.db, email));
    expect(landing.origin + landing.pathname).toBe(`${ORIGIN}/account/reset`);
    const token = landing.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const browser = new Browser();
    const weak = await browser.auth("/reset-password", { token, newPassword: "short" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT" });

    // The weak attempt did not use the link up.
    const set = await browser.auth("/reset-password", { token, newPassword: "a brand new password" });
    expect(set.status).toBe(200);
    expect(await browser.signedIn()).toBe(email);
    expect(await elsewhere.signedIn()).toBeNull();
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, "a brand new password")).status).toBe(200);

    // Used once: the same token neither sets a password nor lands on the form again.
    const again = await new Browser().auth("/reset-password", { token, newPassword: "a third password here" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await follow(await resetLink(env.db, email))).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await signIn(email, "a third password here")).status).toBe(401);
  });

  it("an expired reset link is refused and changes nothing", async () => {
    const email = `expired-${target.name}@example.com`;
    await signUp(email, password);
    expect((await new Browser().auth("/request-password-reset", { email })).status).toBe(200);
    const link = await resetLink(env.db, email);
    const token = link.pathname.split("/").pop()!;
    // An hour and a second later.
    await env.db.authVerification.updateMany({
      where: { identifier: `reset-password:${token}` },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await follow(link)).searchParams.get("error")).toBe("INVALID_TOKEN");
    const late = await new Browser().auth("/reset-password", { token, newPassword: "a brand new password" });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await signIn(email, password)).status).toBe(200);
  });

  it("a password change needs the current password and signs out every other session", async () => {
    const email = `change-${target.name}@example.com`;
    const browser = await signUp(email, password);
    const other = (await signIn(email, password)).browser;

    const wrong = await browser.auth("/change-password", { currentPassword: "not the password", newPassword: "a brand new password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_PASSWORD" });
    const weak = await browser.auth("/change-password", { currentPassword: password, newPassword: "short" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    expect(await other.signedIn()).toBe(email);

    // Even when the client asks to keep the other sessions.
    const changed = await browser.auth("/change-password", {
      currentPassword: password,
      newPassword: "a brand new password",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect(await browser.signedIn()).toBe(email);
    expect(await other.signedIn()).toBeNull();
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, "a brand new password")).status).toBe(200);
  });

  it("deleting an account takes the password and removes everything it owns at once; another account's work stays", async () => {
    const email = `leaving-${target.name}@example.com`;
    const stayingEmail = `staying-${target.name}@example.com`;
    const leaving = await signUp(email, password);
    const staying = await signUp(stayingEmail, password);
    const leavingId = (await env.db.authUser.findUniqueOrThrow({ where: { email } })).id;
    const stayingId = (await env.db.authUser.findUniqueOrThrow({ where: { email: stayingEmail } })).id;
    for (const [browser, userId] of [
      [leaving, leavingId],
      [staying, stayingId],
    ] as const)
      await giveWork(browser, userId);
    // An unused reset link of the leaving account, and its mail in the ledger and the outbox.
    expect((await new Browser().auth("/request-password-reset", { email })).status).toBe(200);
    const second = (await signIn(email, password)).browser;

    const threadsOf = async (userId: string) => (await env.db.thread.findMany({ where: { userId } })).map((t) => t.id);
    const [leavingThreads, stayingThreads] = [await threadsOf(leavingId), await threadsOf(stayingId)];
    const before = await owned(env.db, leavingId, leavingThreads);
    for (const [table, n] of Object.entries(before)) expect(n, `${table} seeded`).toBeGreaterThan(0);
    const kept = await owned(env.db, stayingId, stayingThreads);
    const blobsOf = async (ids: string[]) =>
      (await env.db.attachment.findMany({ where: { threadId: { in: ids }, storage: "db" } })).map((a) => a.storageKey);
    const leavingBlobs = await blobsOf(leavingThreads);
    expect(leavingBlobs.length).toBeGreaterThan(0);

    const noPassword = await leaving.auth("/delete-user", {});
    expect(noPassword.status).toBe(400);
    const wrong = await leaving.auth("/delete-user", { password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_PASSWORD" });
    expect(await owned(env.db, leavingId, leavingThreads)).toEqual(before);
    // Not from another site either.
    const forged = new Request(`${ORIGIN}/api/auth/delete-user`, {
      method: "POST",
      headers: { origin: "http://evil.test", "content-type": "application/json", cookie: leaving.cookieHeader() },
      body: JSON.stringify({ password }),
    });
    expect((await authRoute.POST(forged, NO_PARAMS)).status).toBe(403);

    const deleted = await leaving.auth("/delete-user", { password });
    expect(deleted.status).toBe(200);
    for (const [table, n] of Object.entries(await owned(env.db, leavingId, leavingThreads))) expect(n, `${table} left`).toBe(0);
    expect(await owned(env.db, stayingId, stayingThreads)).toEqual(kept);
    expect(await env.db.attachmentBlob.count({ where: { key: { in: leavingBlobs } } })).toBe(0);
    expect(await env.db.attachmentBlob.count({ where: { key: { in: await blobsOf(stayingThreads) } } })).toBeGreaterThan(0);
    expect(await leaving.signedIn()).toBeNull();
    expect(await second.signedIn()).toBeNull();
    expect((await signIn(email, password)).status).toBe(401);
    expect(await staying.signedIn()).toBe(stayingEmail);
    expect(await staying.threadIds()).toHaveLength(1);
  });
});

/** A chat with a reply, an email action, a pin, a summary, a file in two versions and an attachment, a routine and an MCP server. */
async function giveWork(browser: Browser, userId: string) {
  const { id } = await (await browser.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Work" } })).json();
  for (const content of ["first", "second"]) {
    const version = content === "first" ? null : 1;
    const put = await browser.app(fileRoute, {
      method: "PUT",
      url: `/api/threads/${id}/files/plan.md`,
      params: { id, path: ["plan.md"] },
      body: { content, baseVersion: version },
    });
    expect(put.ok).toBe(true);
  }
  // An attachment: its row, its workspace file and its bytes (in the database by default).
  const { addAttachments } = await import("@/lib/attachments/add");
  await addAttachments(userId, id, [{ name: "notes.txt", bytes: new TextEncoder().encode("attached notes\n") }]);
  await completeTurn(userId, id, textStart("email someone@example.com\nsubject: Work\n\n```\nhello\n```"));
  const { db } = await import("@/lib/db/client");
  await db().userMcpServer.create({ data: { userId, name: "tools", url: "https://93.184.216.34/mcp" } });
  const first = await db().message.findFirstOrThrow({ where: { threadId: id }, orderBy: { seq: "asc" } });
  await db().message.update({ where: { id: first.id }, data: { pinnedAt: new Date() } });
  await seedSummary(db(), id, "what happened so far", first.id);
  await db().threadEvent.create({ data: { threadId: id, type: "turn.ended", data: "{}" } });
  const routine = await browser.app(routinesRoute, {
    method: "POST",
    url: "/api/routines",
    body: { name: "Morning", instructions: "Say hi.", cron: "0 9 * * 1-5", timezone: "UTC" },
  });
  expect(routine.status).toBe(201);
  const { id: routineId } = await routine.json();
  await db().routineRun.create({ data: { routineId, scheduledFor: new Date(), trigger: "manual", status: "succeeded" } });
}

/** How many rows of each kind belong to this user. */
async function owned(db: Provisioned["db"], userId: string, threadIds: string[]) {
  const threads = { thread: { userId } };
  const workspaces = { workspace: { userId } };
  return {
    user: await db.user.count({ where: { id: userId } }),
    authUser: await db.authUser.count({ where: { id: userId } }),
    sessions: await db.authSession.count({ where: { userId } }),
    passwords: await db.authAccount.count({ where: { userId } }),
    resetLinks: await db.authVerification.count({ where: { value: userId } }),
    threads: await db.thread.count({ where: { userId } }),
    messages: await db.message.count({ where: threads }),
    pins: await db.message.count({ where: { ...threads, pinnedAt: { not: null } } }),
    modelCalls: await db.modelCall.count({ where: threads }),
    summaries: await db.summary.count({ where: threads }),
    threadEvents: await db.threadEvent.count({ where: { threadId: { in: threadIds } } }),
    workspaces: await db.workspace.count({ where: { userId } }),
    files: await db.workspaceFile.count({ where: workspaces }),
    fileVersions: await db.fileVersion.count({ where: workspaces }),
    routines: await db.routine.count({ where: { userId } }),
    routineRuns: await db.routineRun.count({ where: { routine: { userId } } }),
    actions: await db.actionLedger.count({ where: { userId } }),
    actionEvents: await db.actionEvent.count({ where: { action: { userId } } }),
    outbox: await db.outboxMessage.count({ where: { userId } }),
    rateCounters: await db.rateCounter.count({ where: { key: { startsWith: `${userId}:` } } }),
    attachments: await db.attachment.count({ where: { threadId: { in: threadIds } } }),
    mcpServers: await db.userMcpServer.count({ where: { userId } }),
  };
}
