import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { Browser as BrowserOf } from "./browser";
import { accountMail, ORIGIN, type Jar } from "./support";
import { resetConfigForTests } from "@/tests/support/config";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as threadsRoute from "@/app/api/threads/route";
import * as fileRoute from "@/app/api/threads/[id]/files/[...path]/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const NO_PARAMS = { params: Promise.resolve({}) };

class Browser extends BrowserOf {
  constructor() {
    super(jar);
  }
}

describe.each(testDatabases())("accounts on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "accounts-test-secret-0123456789abcdef";
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    await env?.drop();
  });

  const email = `person-${target.name}@example.com`;
  const password = "correct horse battery";

  it("a guest saves their work, signs in elsewhere, sees it; sessions can be listed and revoked", async () => {
    const guest = new Browser();
    const created = await guest.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Guest work" } });
    const { id: threadId } = await created.json();
    const put = await guest.app(fileRoute, {
      method: "PUT",
      url: `/api/threads/${threadId}/files/plan.md`,
      params: { id: threadId, path: ["plan.md"] },
      body: { content: "keep me", baseVersion: null },
    });
    expect(put.status).toBe(201);
    const guestCookie = guest.cookies.get("lrc_session")!;
    const guestId = guestCookie.split(".")[0];

    const signUp = await guest.auth("/sign-up/email", { email, password, name: "Person" });
    expect(signUp.status).toBe(200);
    expect((await env.db.authUser.findUniqueOrThrow({ where: { email } })).id).toBe(guestId);
    expect(guest.cookies.has("lrc_session")).toBe(false);
    expect(await guest.threadIds()).toEqual([threadId]);

    // Another browser signs in and finds everything, file included.
    const other = new Browser();
    expect(await other.threadIds()).toEqual([]);
    const wrong = await other.auth("/sign-in/email", { email, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect((await other.auth("/sign-in/email", { email, password })).status).toBe(200);
    expect(await other.threadIds()).toEqual([threadId]);
    const file = await other.app(fileRoute, {
      method: "GET",
      url: `/api/threads/${threadId}/files/plan.md`,
      params: { id: threadId, path: ["plan.md"] },
    });
    expect((await file.json()).file.content).toBe("keep me");

    // The old guest cookie alone no longer opens the account.
    const stale = new Browser();
    stale.cookies.set("lrc_session", guestCookie);
    expect(await stale.threadIds()).toEqual([]);
    // Nor does a write with it: that is a new guest's first write, and the account's count of
    // writes does not move.
    const counted = () => env.db.rateCounter.findUnique({ where: { key: `${guestId}:write` } });
    const countBefore = await counted();
    const staleWrite = await stale.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Not theirs" } });
    expect(staleWrite.ok).toBe(true);
    const newGuestId = stale.cookies.get("lrc_session")!.split(".")[0];
    expect(newGuestId).not.toBe(guestId);
    expect(await env.db.thread.findMany({ where: { userId: guestId }, select: { id: true } })).toEqual([{ id: threadId }]);
    expect(await counted()).toEqual(countBefore);
    expect(await env.db.rateCounter.findUnique({ where: { key: `${newGuestId}:write` } })).toMatchObject({ count: 1 });

    // Sessions: both browsers are listed; revoking the first one signs it out.
    const sessions = (await (await other.auth("/list-sessions")).json()) as { token: string; id: string }[];
    expect(sessions).toHaveLength(2);
    const guestToken = guest.cookies.get("better-auth.session_token")!.split(".")[0];
    expect(sessions.map((s) => s.token)).toContain(decodeURIComponent(guestToken));
    expect((await other.auth("/revoke-session", { token: decodeURIComponent(guestToken) })).status).toBe(200);
    expect(await guest.threadIds()).toEqual([]);
    expect(await other.threadIds()).toEqual([threadId]);

    // Signing out ends the session.
    expect((await other.auth("/sign-out", {})).status).toBe(200);
    expect(await other.threadIds()).toEqual([]);
  });

  it("password reset and email verification mail go out through the ledger", async () => {
    const browser = new Browser();
    expect((await browser.auth("/request-password-reset", { email, redirectTo: "/account" })).status).toBe(200);
    expect((await accountMail(env.db)).find((m) => m.kind === "reset-password")).toMatchObject({
      to: email,
      text: expect.stringContaining("/api/auth/reset-password/"),
    });
    expect((await browser.auth("/send-verification-email", { email })).status).toBe(200);
    expect((await accountMail(env.db)).find((m) => m.kind === "verify-email")).toMatchObject({ to: email });
  });

  it("account enumeration as decided (README): sign-up says a known email is taken; the reset request answers alike", async () => {
    const taken = `taken-${email}`;
    expect((await new Browser().auth("/sign-up/email", { email: taken, password, name: "First" })).status).toBe(200);
    const again = await new Browser().auth("/sign-up/email", { email: taken, password: "another long password", name: "Again" });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: expect.stringMatching(/^USER_ALREADY_EXISTS/) });
    const sent = (await accountMail(env.db)).length;
    const known = await new Browser().auth("/request-password-reset", { email: taken, redirectTo: "/account" });
    const unknown = await new Browser().auth("/request-password-reset", { email: `nobody-${email}`, redirectTo: "/account" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(await known.json());
    // Only the known email gets mail.
    expect((await accountMail(env.db)).length).toBe(sent + 1);
  });

  it("a cross-site sign-in is refused", async () => {
    const req = new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: "http://evil.test", "content-type": "application/json", cookie: "x=1" },
      body: JSON.stringify({ email, password }),
    });
    expect((await authRoute.POST(req, NO_PARAMS)).status).toBe(403);
  });
});
