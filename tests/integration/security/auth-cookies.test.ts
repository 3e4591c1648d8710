import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, type Provisioned } from "../support/databases";
import { Browser } from "./browser";
import type { Jar } from "./support";
import { currentCaller } from "@/lib/auth/session";
import { resetConfigForTests } from "@/tests/support/config";

/*
 * better-auth's cookies follow COOKIE_SECURE like ours (auto: Secure exactly when the request came
 * over HTTPS). Behind a trusted proxy the same server answers plain http without `__Secure-` and
 * without Secure (a browser refuses those from a plain-http origin other than localhost), and
 * HTTPS per X-Forwarded-Proto with both. The caller resolver reads the session under either name.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const sessionCookie = (lines: string[]) => lines.find((l) => /better-auth\.session_token=/.test(l)) ?? "";

describe("account cookies over http and https behind TRUST_PROXY=1 (COOKIE_SECURE=auto)", () => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "auth-cookies-secret-0123456789abcdef";
    process.env.TRUST_PROXY = "1";
    resetConfigForTests();
    env = await provision({ name: "sqlite", url: "" });
  });
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    resetConfigForTests();
    await env?.drop();
  });

  const email = "cookies@example.com";
  const password = "correct horse battery";

  it("plain http: no __Secure- prefix, no Secure flag; the resolver knows the account", async () => {
    const browser = new Browser(jar);
    expect((await browser.auth("/sign-up/email", { email, password, name: "Cookies" })).status).toBe(200);
    const line = sessionCookie(browser.lastSetCookies);
    expect(line).toMatch(/^better-auth\.session_token=/);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(line).toMatch(/HttpOnly/i);
    browser.use();
    expect(await currentCaller()).toMatchObject({ kind: "account", email });
  });

  it("HTTPS per X-Forwarded-Proto: __Secure- prefix and Secure; the resolver knows the account", async () => {
    const browser = new Browser(jar, { "x-forwarded-proto": "https", origin: "https://127.0.0.1:3000" });
    expect((await browser.auth("/sign-in/email", { email, password })).status).toBe(200);
    const line = sessionCookie(browser.lastSetCookies);
    expect(line).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(line).toMatch(/;\s*Secure/i);
    browser.use();
    expect(await currentCaller()).toMatchObject({ kind: "account", email });
    expect((await browser.auth("/sign-out", {})).status).toBe(200);
    expect([...browser.cookies.keys()].filter((k) => k.includes("session_token"))).toEqual([]);
  });
});
