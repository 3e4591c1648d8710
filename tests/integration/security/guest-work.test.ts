import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { completeTurn, textStart } from "../support/turns";
import { Browser } from "./browser";
import { ORIGIN, type Jar } from "./support";
import { moveGuestWork } from "@/lib/auth/guest-work";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import * as guestWorkRoute from "@/app/api/account/guest-work/route";
import * as moveRoute from "@/app/api/account/guest-work/move/route";
import * as threadsRoute from "@/app/api/threads/route";
import * as fileRoute from "@/app/api/threads/[id]/files/[...path]/route";
import * as actionsRoute from "@/app/api/threads/[id]/actions/route";
import * as routinesRoute from "@/app/api/routines/route";
import * as outboxRoute from "@/app/api/outbox/route";

/*
 * Signing in with guest work open (issue 20): the guest's work is kept apart (it stays with the
 * guest cookie and comes back after sign-out) or moves into the account with its files, actions and
 * routines in one transaction. Nothing is silently stranded.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const email = "mover@example.com";
const password = "correct horse battery";

async function guestWithWork(browser: Browser, title: string) {
  const { id } = await (await browser.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title } })).json();
  await browser.app(fileRoute, {
    method: "PUT",
    url: `/api/threads/${id}/files/plan.md`,
    params: { id, path: ["plan.md"] },
    body: { content: `plan of ${title}`, baseVersion: null },
  });
  const guestId = browser.cookies.get("lrc_session")!.split(".")[0];
  await completeTurn(guestId, id, textStart(`email someone@example.com\nsubject: ${title}\n\n\`\`\`\nhello\n\`\`\``));
  const routine = await browser.app(routinesRoute, {
    method: "POST",
    url: "/api/routines",
    body: { name: `Routine of ${title}`, instructions: "Say hi.", cron: "0 9 * * 1-5", timezone: "UTC" },
  });
  expect(routine.status).toBe(201);
  return { threadId: id as string, guestId };
}

const guestWork = async (b: Browser) =>
  (await (await b.app(guestWorkRoute, { method: "GET", url: "/api/account/guest-work" })).json()).guestWork;
const move = (b: Browser, headers: Record<string, string> = { origin: ORIGIN }) =>
  b.app(moveRoute, { method: "POST", url: "/api/account/guest-work/move", headers });

describe.each(testDatabases())("guest work when an account signs in, on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "guest-work-secret-0123456789abcdef";
    resetConfigForTests();
    env = await provision(target);
    const owner = new Browser(jar);
    expect((await owner.auth("/sign-up/email", { email, password, name: "Mover" })).status).toBe(200);
  });
  afterAll(async () => env?.drop());

  it("kept apart: the account does not see it, the browser is told, and sign-out gives it back", async () => {
    const browser = new Browser(jar);
    const { threadId } = await guestWithWork(browser, "Apart");
    expect(await guestWork(browser)).toEqual({ threads: 1, routines: 1 });
    expect((await browser.auth("/sign-in/email", { email, password })).status).toBe(200);
    expect(await browser.threadIds()).not.toContain(threadId);
    expect(await guestWork(browser)).toEqual({ threads: 1, routines: 1 });

    expect((await browser.auth("/sign-out", {})).status).toBe(200);
    expect(browser.cookies.has("lrc_session")).toBe(true);
    expect(await browser.threadIds()).toEqual([threadId]);
  });

  it("moved: threads, files, actions, outbox and routines become the account's at once; the guest cookie is dropped", async () => {
    const browser = new Browser(jar);
    const { threadId, guestId } = await guestWithWork(browser, "Moving");
    expect((await browser.auth("/sign-in/email", { email, password })).status).toBe(200);
    const accountId = (await env.db.authUser.findUniqueOrThrow({ where: { email } })).id;

    // Not from another site, and not for a guest who is not signed in.
    expect((await move(browser, { origin: "http://evil.test" })).status).toBe(403);
    const notSignedIn = new Browser(jar);
    notSignedIn.cookies.set("lrc_session", browser.cookies.get("lrc_session")!);
    expect((await move(notSignedIn)).status).toBe(401);
    expect(await env.db.thread.count({ where: { userId: guestId } })).toBeGreaterThan(0);

    const res = await move(browser);
    expect(res.status).toBe(200);
    expect((await res.json()).moved).toEqual({ threads: 1, routines: 1 });
    expect(browser.cookies.has("lrc_session")).toBe(false);
    for (const table of ["thread", "workspace", "routine", "actionLedger", "outboxMessage"] as const) {
      expect(
        await (env.db[table] as unknown as { count: (q: object) => Promise<number> }).count({ where: { userId: guestId } }),
        table,
      ).toBe(0);
    }

    expect(await browser.threadIds()).toContain(threadId);
    const file = await browser.app(fileRoute, {
      method: "GET",
      url: `/api/threads/${threadId}/files/plan.md`,
      params: { id: threadId, path: ["plan.md"] },
    });
    expect((await file.json()).file.content).toBe("plan of Moving");
    const actions = await (
      await browser.app(actionsRoute, { method: "GET", url: `/api/threads/${threadId}/actions`, params: { id: threadId } })
    ).json();
    expect(actions.actions).toHaveLength(1);
    const outbox = await (await browser.app(outboxRoute, { method: "GET", url: "/api/outbox" })).json();
    expect(outbox.messages.map((m: { subject: string }) => m.subject)).toContain("Moving");
    const routines = await (await browser.app(routinesRoute, { method: "GET", url: "/api/routines" })).json();
    expect(routines.routines.map((r: { name: string }) => r.name)).toContain("Routine of Moving");
    expect((await env.db.routine.findFirstOrThrow({ where: { name: "Routine of Moving" } })).userId).toBe(accountId);
    expect(await guestWork(browser)).toBeNull();

    // Moving again finds nothing to move.
    expect((await (await move(browser)).json()).moved).toEqual({ threads: 0, routines: 0 });
  });

  it("an old guest cookie of an account cannot move that account's work anywhere", async () => {
    const owner = new Browser(jar);
    await guestWithWork(owner, "Saved");
    const oldCookie = owner.cookies.get("lrc_session")!;
    expect((await owner.auth("/sign-up/email", { email: "saver@example.com", password, name: "Saver" })).status).toBe(200);
    const thief = new Browser(jar);
    thief.cookies.set("lrc_session", oldCookie);
    expect((await thief.auth("/sign-in/email", { email, password })).status).toBe(200);
    expect(await guestWork(thief)).toBeNull();
    expect((await (await move(thief)).json()).moved).toEqual({ threads: 0, routines: 0 });
    const saverId = oldCookie.split(".")[0];
    expect(await env.db.thread.count({ where: { userId: saverId, routine: { is: null } } })).toBe(1);
    expect(await env.db.routine.count({ where: { userId: saverId } })).toBe(1);
  });

  it("a guest writing while its work moves never leaves a thread and its workspace with different owners", async () => {
    const browser = new Browser(jar);
    const { guestId } = await guestWithWork(browser, "Busy");
    const accountId = (await env.db.authUser.findUniqueOrThrow({ where: { email } })).id;
    const writes = Array.from({ length: 12 }, (_, i) => createThread(guestId, `busy ${i}`));
    await Promise.all([moveGuestWork(guestId, accountId), ...writes]);
    const threads = await env.db.thread.findMany({
      where: { title: { startsWith: "busy " } },
      select: { userId: true, workspace: { select: { userId: true } } },
    });
    expect(threads).toHaveLength(12);
    for (const t of threads) expect(t.workspace.userId).toBe(t.userId);
  });
});
