import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { callRoute, type Jar } from "./support";
import { resetConfigForTests } from "@/tests/support/config";
import { awayFromPeriodEnd } from "@/tests/support/rate-period";
import { countRequest } from "@/lib/limits/count";
import * as threadsRoute from "@/app/api/threads/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as chatRoute from "@/app/api/chat/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

const post = () => callRoute(threadsRoute, { method: "POST", url: "/api/threads" });

describe.each(testDatabases())("sessions and abuse limits on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "session-and-limits-secret-0123456789";
    process.env.RATE_WRITES_PER_WINDOW = "4";
    process.env.RATE_TURNS_PER_WINDOW = "2";
    process.env.RATE_WINDOW_S = "3600";
    resetConfigForTests();
    env = await provision(target);
    // The counts below must not straddle a period boundary (a CI run crossed 03:00:00 between
    // two counted turns and saw a 404 where the third is refused).
    await awayFromPeriodEnd(3600, 60);
  });
  afterAll(async () => {
    for (const k of ["RATE_WRITES_PER_WINDOW", "RATE_TURNS_PER_WINDOW", "RATE_WINDOW_S"]) delete process.env[k];
    resetConfigForTests();
    await env?.drop();
  });
  beforeEach(() => {
    jar.values.clear();
    jar.sets = 0;
  });

  it("a cookieless read creates no user and sets no cookie, even when it is a 404", async () => {
    const users = await env.db.user.count();
    const list = await callRoute(threadsRoute, { method: "GET", url: "/api/threads" });
    expect(await list.json()).toEqual({ threads: [] });
    const missing = await callRoute(threadRoute, { method: "GET", url: "/api/threads/nosuch", params: { id: "nosuch" } });
    expect(missing.status).toBe(404);
    expect(jar.sets).toBe(0);
    expect(await env.db.user.count()).toBe(users);
  });

  it("the first write creates one guest; later writes keep its cookie; a forged cookie reads as nobody", async () => {
    const users = await env.db.user.count();
    expect((await post()).status).toBe(201);
    const cookie = jar.values.get("lrc_session");
    expect(cookie).toBeTruthy();
    expect((await post()).status).toBe(201);
    expect(jar.sets).toBe(1);
    expect(jar.values.get("lrc_session")).toBe(cookie);
    expect(await env.db.user.count()).toBe(users + 1);
    const mine = (await (await callRoute(threadsRoute, { method: "GET", url: "/api/threads" })).json()).threads;
    expect(mine).toHaveLength(2);

    jar.values.set("lrc_session", `${cookie!.split(".")[0]}.forged`);
    expect((await (await callRoute(threadsRoute, { method: "GET", url: "/api/threads" })).json()).threads).toEqual([]);
  });

  it("a cross-site write is refused before any session logic: no guest, no cookie, victim's session kept", async () => {
    await post();
    const victim = jar.values.get("lrc_session");
    const users = await env.db.user.count();
    const threads = await env.db.thread.count();
    const res = await callRoute(threadsRoute, {
      method: "POST",
      url: "/api/threads",
      headers: { origin: "http://evil.test", "content-type": "text/plain" },
      body: "x",
    });
    expect(res.status).toBe(403);
    expect(jar.values.get("lrc_session")).toBe(victim);
    expect(jar.sets).toBe(1);
    expect([await env.db.user.count(), await env.db.thread.count()]).toEqual([users, threads]);
  });

  it("writes past the allowance get 429 with Retry-After and a message; turns are limited apart", async () => {
    for (let i = 0; i < 4; i++) expect((await post()).status).toBe(201);
    const limited = await post();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = await limited.json();
    expect(body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: retryAfter });
    expect(body.error.message).toContain(`send again in ${retryAfter} s`);

    const chat = () =>
      callRoute(chatRoute, {
        method: "POST",
        url: "/api/chat",
        body: { id: "nosuchthread", message: { role: "user", parts: [{ type: "text", text: "hi" }] } },
      });
    expect((await chat()).status).toBe(404);
    expect((await chat()).status).toBe(404);
    expect((await chat()).status).toBe(429);
  });

  it("the counter is one atomic statement: of 20 concurrent requests exactly the allowance passes", async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => countRequest("concurrent-user", "write")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason.code === "rate_limited")).toBe(
      true,
    );
    // A new rate period starts over.
    const later = Date.now() + 3600_000;
    await expect(countRequest("concurrent-user", "write", { nowMs: later })).resolves.toBe(true);
  });
});
