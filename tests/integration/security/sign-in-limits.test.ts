import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { Browser } from "./browser";
import { accountMail, type Jar } from "./support";
import { resetConfigForTests } from "@/tests/support/config";
import { awayFromPeriodEnd } from "@/tests/support/rate-period";
import { PEER_HEADER } from "@/lib/http/client-address";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as threadsRoute from "@/app/api/threads/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const LIMITS = {
  LONGRUN_PEER_TOKEN: "peer-token-for-tests",
  AUTH_SECRET: "sign-in-limits-secret-0123456789",
  AUTH_ATTEMPTS_PER_ADDRESS: "5",
  AUTH_FAILURES_PER_ACCOUNT: "3",
  GUESTS_PER_ADDRESS_PER_HOUR: "3",
};
const password = "correct horse battery";
/** A browser at `address`, as the server in front of Next would pass it (scripts/serve.mjs). */
const browser = (address: string, headers?: Record<string, string>) =>
  new Browser(jar, { [PEER_HEADER]: `${LIMITS.LONGRUN_PEER_TOKEN} ${address} 127.0.0.1 3000`, ...headers });

describe.each(testDatabases())("sign-in limits on $name", (target) => {
  let env: Provisioned;
  let signUps = 0;

  /** A new account, signed up from its own address; its browser now knows it. */
  async function account(): Promise<{ email: string; owner: Browser }> {
    const email = `owner-${++signUps}-${target.name}@example.com`;
    const owner = browser(`198.51.100.${signUps}`);
    expect((await owner.auth("/sign-up/email", { email, password, name: "Owner" })).status).toBe(200);
    return { email, owner };
  }

  beforeAll(async () => {
    Object.assign(process.env, LIMITS);
    resetConfigForTests();
    env = await provision(target);
    // The counts below must not straddle a period boundary (AUTH_WINDOW_S, 900 s by default; the
    // guests' hour is a multiple of it).
    await awayFromPeriodEnd(900, 60);
  });
  afterAll(async () => {
    for (const key of Object.keys(LIMITS)) delete process.env[key];
    resetConfigForTests();
    await env?.drop();
  });

  it("counts attempts per socket address: a rotated X-Forwarded-For gets nothing past it without TRUST_PROXY", async () => {
    const { email } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const attacker = browser("203.0.113.10", { "x-forwarded-for": `10.9.8.${i}` });
      statuses.push((await attacker.auth("/sign-in/email", { email: `nobody-${i}@example.com`, password: "wrong password" })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await browser("203.0.113.10").auth("/sign-in/email", { email, password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toMatch(/Too many sign-in attempts from your network/);
    // Another client, with no forwarded header either, has its own allowance: no shared bucket.
    expect((await browser("203.0.113.11").auth("/sign-in/email", { email, password })).status).toBe(200);
  });

  it("behind a trusted proxy, counts per the last X-Forwarded-For entry", async () => {
    process.env.TRUST_PROXY = "1";
    resetConfigForTests();
    try {
      const { email } = await account();
      const via = (client: string) => browser("10.0.0.1", { "x-forwarded-for": `6.6.6.6, ${client}` });
      for (let i = 0; i < 5; i++) {
        expect((await via("192.0.2.50").auth("/sign-in/email", { email: `x${i}@example.com`, password })).status).toBe(401);
      }
      expect((await via("192.0.2.50").auth("/sign-in/email", { email, password })).status).toBe(429);
      expect((await via("192.0.2.51").auth("/sign-in/email", { email, password })).status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
      resetConfigForTests();
    }
  });

  it("failures from many addresses lock the account to unknown browsers; the owner's browser still signs in", async () => {
    const { email, owner } = await account();
    for (const n of [1, 2, 3]) {
      expect((await browser(`192.0.2.${100 + n}`).auth("/sign-in/email", { email, password: `guess ${n} wrong` })).status).toBe(401);
    }
    // A fourth guesser is refused even with the right password: the account is locked to strangers.
    const stranger = await browser("192.0.2.104").auth("/sign-in/email", { email, password });
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).error.message).toMatch(/failed sign-ins for this account/);
    // The owner's browser, from yet another address, gets in with its password...
    const ownerElsewhere = browser("192.0.2.200");
    ownerElsewhere.cookies = new Map([...owner.cookies].filter(([name]) => name === "lrc_known"));
    expect((await ownerElsewhere.auth("/sign-in/email", { email, password })).status).toBe(200);
    // ...but not with a wrong one.
    expect((await ownerElsewhere.auth("/sign-in/email", { email, password: "owner typo!" })).status).toBe(401);
  });

  it("a password reset ends every session; a password change ends every other one", async () => {
    const { email, owner } = await account();
    const laptop = browser("198.51.100.201");
    expect((await laptop.auth("/sign-in/email", { email, password })).status).toBe(200);
    const phone = browser("198.51.100.202");
    expect((await phone.auth("/sign-in/email", { email, password })).status).toBe(200);

    const changed = await laptop.auth("/change-password", {
      currentPassword: password,
      newPassword: "second password!",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect(await (await phone.auth("/get-session")).json()).toBeNull();
    expect(await (await owner.auth("/get-session")).json()).toBeNull();
    expect((await (await laptop.auth("/get-session")).json())?.user.email).toBe(email);

    expect((await phone.auth("/request-password-reset", { email, redirectTo: "/account" })).status).toBe(200);
    const token = /reset-password\/([^?\s]+)/.exec((await accountMail(env.db)).filter((m) => m.to === email).at(-1)!.text)![1];
    expect((await phone.auth("/reset-password", { token, newPassword: "third password!!" })).status).toBe(200);
    expect(await (await laptop.auth("/get-session")).json()).toBeNull();
  });

  it("reset links use the address the connection reached, never a forged Host; or the trusted proxy's host", async () => {
    const { email } = await account();
    const mailTo = async () => (await accountMail(env.db)).filter((m) => m.to === email);
    const before = (await mailTo()).length;
    // A forged Host with a matching Origin names no address this connection reached: refused, nothing sent.
    const forger = browser("203.0.113.77", { host: "evil.test", origin: "http://evil.test" });
    expect((await forger.auth("/request-password-reset", { email, redirectTo: "/account" })).status).toBe(403);
    expect(await mailTo()).toHaveLength(before);
    // Without an Origin (a script, not a browser) the request is served, and the link still leads here.
    const req = new Request("http://evil.test/api/auth/request-password-reset", {
      method: "POST",
      headers: {
        host: "evil.test",
        "content-type": "application/json",
        [PEER_HEADER]: `${LIMITS.LONGRUN_PEER_TOKEN} 203.0.113.78 127.0.0.1 3000`,
      },
      body: JSON.stringify({ email, redirectTo: "/account" }),
    });
    expect((await authRoute.POST(req, { params: Promise.resolve({}) })).status).toBe(200);
    expect(await mailTo()).toHaveLength(before + 1);
    expect((await mailTo()).at(-1)!.text).toMatch(/^Choose a new password: http:\/\/127\.0\.0\.1:3000\/api\/auth\/reset-password\//);

    process.env.TRUST_PROXY = "1";
    resetConfigForTests();
    try {
      const proxied = browser("10.0.0.1", {
        "x-forwarded-host": "chat.example.com",
        "x-forwarded-proto": "https",
        "x-forwarded-for": "192.0.2.9",
        origin: "https://chat.example.com",
      });
      expect((await proxied.auth("/request-password-reset", { email, redirectTo: "/account" })).status).toBe(200);
      expect((await mailTo()).at(-1)!.text).toMatch(/: https:\/\/chat\.example\.com\/api\/auth\/reset-password\//);
    } finally {
      delete process.env.TRUST_PROXY;
      resetConfigForTests();
    }
  });

  it("guessing a password through a change or a deletion, or a reset token, is limited per address like sign-in", async () => {
    const { email } = await account();
    const thief = browser("203.0.113.40");
    expect((await thief.auth("/sign-in/email", { email, password })).status).toBe(200);
    const statuses: number[] = [];
    for (const path of ["/change-password", "/delete-user", "/change-password", "/delete-user"]) {
      const body =
        path === "/delete-user" ? { password: "a guess at it" } : { currentPassword: "a guess at it", newPassword: "new password 1" };
      statuses.push((await thief.auth(path, body)).status);
    }
    const refused = await thief.auth("/delete-user", { password });
    expect([...statuses, refused.status]).toEqual([400, 400, 400, 400, 429]);
    expect((await refused.json()).error.message).toMatch(/Too many account requests from your network/);
    expect(await env.db.authUser.count({ where: { email } })).toBe(1);

    const guesses: number[] = [];
    for (let i = 0; i < 6; i++) {
      guesses.push((await browser("203.0.113.41").auth("/reset-password", { token: `guess${i}`, newPassword: "new password 1" })).status);
    }
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("limits how many guests one address makes", async () => {
    const newGuest = (address: string) => browser(address).app(threadsRoute, { method: "POST", url: "/api/threads", body: {} });
    for (let i = 0; i < 3; i++) expect((await newGuest("203.0.113.200")).status).toBe(201);
    const refused = await newGuest("203.0.113.200");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/Too many new guest sessions/);
    expect((await newGuest("203.0.113.201")).status).toBe(201);
  });
});
