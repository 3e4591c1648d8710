import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { callRoute, type Jar } from "./support";
import { holdTurnSlot, turnSlotsHeld } from "../support/turn-slots";
import { resetConfigForTests } from "@/tests/support/config";
import { AppError } from "@/lib/errors";
import { stopTurn } from "@/lib/chat/turn";
import * as threadsRoute from "@/app/api/threads/route";
import * as chatRoute from "@/app/api/chat/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));
// Outside Next there is no request scope for after(): run the callback like Next would, later.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (fn: () => unknown) => void Promise.resolve().then(fn),
}));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Bounded work: an instance streams at most TURNS_AT_ONCE replies for people, at most
// TURNS_AT_ONCE_PER_ADDRESS of them for one client address; past that, a clear 503 or 429 with
// Retry-After, and nothing stored.
describe.each(testDatabases())("turns at once on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "turn-slots-secret-0123456789abcdef";
    process.env.TURNS_AT_ONCE = "2";
    process.env.TURNS_AT_ONCE_PER_ADDRESS = "2";
    process.env.OFFLINE_DELAY_MS = "10";
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    for (const k of ["TURNS_AT_ONCE", "TURNS_AT_ONCE_PER_ADDRESS"]) delete process.env[k];
    resetConfigForTests();
    await env?.drop();
  });
  beforeEach(() => {
    jar.values.clear();
    jar.sets = 0;
  });

  const newThread = async () => (await (await callRoute(threadsRoute, { method: "POST", url: "/api/threads" })).json()).id as string;
  const send = (id: string, text: string) =>
    callRoute(chatRoute, { method: "POST", url: "/api/chat", body: { id, message: { role: "user", parts: [{ type: "text", text }] } } });

  it("a send past the instance's bound is a 503 server_busy with Retry-After, storing nothing; it is accepted once a reply ends", async () => {
    const [a, b, c] = [await newThread(), await newThread(), await newThread()];
    const first = await send(a, "long 1000");
    const second = await send(b, "long 1000");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await turnSlotsHeld()).toBe(2);

    const refused = await send(c, "hello");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ error: { code: "server_busy", retryAfterSeconds: 5 } });
    expect(await env.db.message.count({ where: { threadId: c } })).toBe(0);

    await stopTurn(a);
    await first.text();
    for (let i = 0; i < 50 && (await turnSlotsHeld()) > 1; i++) await sleep(100);
    expect(await turnSlotsHeld()).toBe(1);
    const accepted = await send(c, "hello");
    expect(accepted.status).toBe(200);
    await accepted.text();
    await stopTurn(b);
    await second.text();
  });

  it("one address holds at most its share: the next is a 429 with Retry-After, other addresses go on", async () => {
    process.env.TURNS_AT_ONCE = "10";
    resetConfigForTests();
    try {
      const held = [await holdTurnSlot("203.0.113.7"), await holdTurnSlot("203.0.113.7")];
      const refused = await holdTurnSlot("203.0.113.7").catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "rate_limited", status: 429, details: { retryAfterSeconds: 5 } });
      const other = await holdTurnSlot("198.51.100.2");
      await held[0]();
      const again = await holdTurnSlot("203.0.113.7");
      expect(await turnSlotsHeld()).toBe(3);
      for (const end of [held[1], other, again]) await end();
      expect(await turnSlotsHeld()).toBe(0);
    } finally {
      process.env.TURNS_AT_ONCE = "2";
      resetConfigForTests();
    }
  });
});
