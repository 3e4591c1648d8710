import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { Browser } from "./browser";
import { silenceServerLog, type Jar } from "./support";
import { resetConfigForTests } from "@/tests/support/config";
import * as threadsRoute from "@/app/api/threads/route";

/*
 * A guest's upgrade to an account is exclusive (issue 43): the new account takes the guest's id,
 * and only one sign-up can. Two sign-ups from one guest at once (a double submit, two tabs) give one
 * account with the work and a 409 for the other, which creates nothing and sets no cookie, so the
 * browser ends signed in to the account with the work whichever answer arrives last.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const SETTINGS = {
  AUTH_SECRET: "guest-upgrade-secret-0123456789abcdef",
  AUTH_ATTEMPTS_PER_ADDRESS: "1000",
  GUESTS_PER_ADDRESS_PER_HOUR: "1000",
};
const password = "correct horse battery";
// The race is timing-dependent: before the fix, two accounts in 10 of 10 rounds on SQLite, 5 of 10 on PostgreSQL.
const ROUNDS = 10;

async function guestWithThread(browser: Browser, title: string) {
  const { id } = await (await browser.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title } })).json();
  return { threadId: id as string, guestId: browser.cookies.get("lrc_session")!.split(".")[0] };
}

/** A sign-up sent with the browser's cookies as they are now; its cookies apply when it answers. */
function signUp(browser: Browser, email: string) {
  const sent = new Browser(jar);
  sent.cookies = new Map(browser.cookies);
  return sent.auth("/sign-up/email", { email, password, name: email.split("@")[0] }).then((res) => browser.receive(res));
}

describe.each(testDatabases())("a guest's upgrade to an account, on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    // Every sign-up here comes from one address; the limits per address have their own tests.
    Object.assign(process.env, SETTINGS);
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    for (const key of Object.keys(SETTINGS)) delete process.env[key];
    resetConfigForTests();
    await env?.drop();
  });

  it(`two sign-ups from one guest at once: one account keeps the work, the other is refused and makes nothing (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const browser = new Browser(jar);
      const { threadId, guestId } = await guestWithThread(browser, `Work ${round}`);
      const emails = [`first-${round}@example.com`, `second-${round}@example.com`];
      const [users, sessions, accounts] = [
        await env.db.authUser.count(),
        await env.db.authSession.count(),
        await env.db.authAccount.count(),
      ];

      const answers = await Promise.all(emails.map((email) => signUp(browser, email)));

      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      const winner = answers.findIndex((r) => r.status === 200);
      const loser = answers[1 - winner];
      expect(await loser.json()).toEqual({
        error: { code: "conflict", message: expect.stringMatching(/saved to another account.*sign in/i) },
      });
      expect(loser.headers.getSetCookie(), `round ${round}: the refused sign-up sets no cookie`).toEqual([]);

      // One account, the guest's id, the winner's email; the loser left no user, session or login.
      const created = await env.db.authUser.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
      expect(created, `round ${round}`).toEqual([{ id: guestId, email: emails[winner] }]);
      expect(await env.db.authUser.count()).toBe(users + 1);
      expect(await env.db.authSession.count()).toBe(sessions + 1);
      expect(await env.db.authAccount.count()).toBe(accounts + 1);

      // The browser, having taken both answers' cookies in the order they came, is signed in to the
      // account with the work, and its guest cookie is gone.
      expect(browser.cookies.has("lrc_session")).toBe(false);
      const me = await (await browser.auth("/get-session")).json();
      expect(me.user).toMatchObject({ id: guestId, email: emails[winner] });
      expect(await browser.threadIds()).toEqual([threadId]);
    }
  });

  it("both sign-ups past every check before either inserts: the account's key lets one in", async () => {
    const browser = new Browser(jar);
    const { threadId, guestId } = await guestWithThread(browser, "Held");
    const emails = ["held-a@example.com", "held-b@example.com"];
    // Hold each insert until both sign-ups reach it: the interleaving the rounds above hit by chance.
    const create = env.db.authUser.create.bind(env.db.authUser);
    let arrived = 0;
    let release = () => {};
    const bothThere = new Promise<void>((resolve) => (release = resolve));
    const held = vi.spyOn(env.db.authUser, "create").mockImplementation(((args: Parameters<typeof create>[0]) => {
      if (++arrived === 2) release();
      return bothThere.then(() => create(args));
    }) as unknown as typeof create);
    const quiet = silenceServerLog();
    try {
      const answers = await Promise.all(emails.map((email) => signUp(browser, email)));
      expect(held).toHaveBeenCalledTimes(2);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((r) => r.status === 200);
      expect(answers[1 - winner].headers.getSetCookie()).toEqual([]);
      expect(await env.db.authUser.findMany({ where: { email: { in: emails } }, select: { id: true } })).toEqual([{ id: guestId }]);
      expect(await browser.threadIds()).toEqual([threadId]);
    } finally {
      held.mockRestore();
      quiet.mockRestore();
    }
  });

  it("a sign-up sent with the guest's cookie after the other took the guest is refused, not a new empty account", async () => {
    const browser = new Browser(jar);
    const { threadId, guestId } = await guestWithThread(browser, "Late");
    const late = new Browser(jar);
    late.cookies = new Map(browser.cookies);
    expect((await browser.auth("/sign-up/email", { email: "early@example.com", password, name: "Early" })).status).toBe(200);
    const users = await env.db.authUser.count();

    const res = await late.auth("/sign-up/email", { email: "late@example.com", password, name: "Late" });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("conflict");
    expect(late.lastSetCookies).toEqual([]);
    expect(await env.db.authUser.count()).toBe(users);
    expect((await browser.auth("/get-session")).status).toBe(200);
    expect(await browser.threadIds()).toEqual([threadId]);
    expect((await env.db.authUser.findUniqueOrThrow({ where: { email: "early@example.com" } })).id).toBe(guestId);
  });

  it("a sign-up that fails keeps the guest's cookie and work", async () => {
    const taken = "taken@example.com";
    expect((await new Browser(jar).auth("/sign-up/email", { email: taken, password, name: "First" })).status).toBe(200);
    const browser = new Browser(jar);
    const { threadId, guestId } = await guestWithThread(browser, "Mine");
    const res = await browser.auth("/sign-up/email", { email: taken, password, name: "Again" });
    expect(res.status).toBe(422);
    expect(browser.lastSetCookies).toEqual([]);
    expect(browser.cookies.get("lrc_session")?.split(".")[0]).toBe(guestId);
    expect(await browser.threadIds()).toEqual([threadId]);
    // And the guest can still save its work under another email.
    expect((await browser.auth("/sign-up/email", { email: "mine@example.com", password, name: "Mine" })).status).toBe(200);
    expect((await env.db.authUser.findUniqueOrThrow({ where: { email: "mine@example.com" } })).id).toBe(guestId);
  });
});
