import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedConversation } from "../support/seed";
import { callRoute, type Jar } from "./support";
import { failuresOf } from "./hostile";
import { badInputCases, notFoundCases, routes, type Ids } from "./later-routes-battery";
import { resetConfigForTests } from "@/tests/support/config";
import * as pinRoute from "@/app/api/threads/[id]/messages/[messageId]/pin/route";
import * as resolveRoute from "@/app/api/threads/[id]/actions/[key]/resolve/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

// The routes added after bad-input.test.ts was written, under the same rule: every hostile request
// is a JSON 4xx (another user's rows a 404), and afterwards everything reads back as it was.
const CRON_SECRET = "later-routes-cron-secret-0123456789";
const { threadsRoute, pinsRoute, actionsRoute, outboxRoute, routinesRoute, routineRoute, runsRoute, resumeRoute, workspaceThreadsRoute } =
  routes;

describe.each(testDatabases())("hostile input at the later routes on $name", (target) => {
  let env: Provisioned;
  const ids = {} as Ids;
  let mine = new Map<string, string>();

  // One person's thread (continued in a second chat), pinned message, routine with a run, a
  // needs_human action and an outbox mail; and the same for another person.
  async function seedPerson(label: string) {
    jar.values.clear();
    const thread = (await (await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: { title: label } })).json())
      .id as string;
    const continued = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: { workspaceOf: thread } });
    expect(continued.status).toBe(201);
    const [first] = await seedConversation(thread, [
      ["user", `${label} goal`],
      ["assistant", "ok"],
    ]);
    const pinned = await callRoute(pinRoute, { method: "POST", url: "/x", params: { id: thread, messageId: first.id } });
    expect(pinned.status).toBe(200);
    const created = await callRoute(routinesRoute, {
      method: "POST",
      url: "/api/routines",
      body: { name: label, instructions: "do it", cron: "0 9 * * *", timezone: "UTC" },
    });
    expect(created.status).toBe(201);
    const routine = (await created.json()).id as string;
    await env.db.routineRun.create({
      data: { routineId: routine, scheduledFor: new Date("2026-01-01T09:00:00Z"), trigger: "manual", status: "succeeded" },
    });
    const { userId } = await env.db.thread.findUniqueOrThrow({ where: { id: thread } });
    const key = `${first.id}:send_email:a@b.test:50% off`;
    await env.db.actionLedger.create({
      data: {
        scope: `thread:${thread}`,
        key,
        userId,
        threadId: thread,
        type: "send_email",
        provider: "outbox",
        request: "{}",
        requestHash: "h",
        status: "needs_human",
        providerKey: `pk-${label}`,
      },
    });
    await env.db.outboxMessage.create({
      data: {
        messageId: `<${label}@test>`,
        transport: "outbox",
        userId,
        threadId: thread,
        scope: `thread:${thread}`,
        actionKey: key,
        from: "a@b.test",
        to: "c@d.test",
        subject: label,
        text: "t",
        html: "h",
      },
    });
    return { thread, message: first.id, key, routine, cookies: new Map(jar.values) };
  }

  beforeAll(async () => {
    process.env.AUTH_SECRET = "later-routes-battery-secret-0123456789";
    process.env.CRON_SECRET = CRON_SECRET;
    process.env.RATE_WRITES_PER_WINDOW = "100000";
    process.env.RATE_TURNS_PER_WINDOW = "100000";
    resetConfigForTests();
    env = await provision(target);
    const other = await seedPerson("Other");
    const me = await seedPerson("Mine");
    Object.assign(ids, {
      thread: me.thread,
      message: me.message,
      key: me.key,
      routine: me.routine,
      otherThread: other.thread,
      otherMessage: other.message,
      otherKey: other.key,
      otherRoutine: other.routine,
    });
    mine = me.cookies;
  });
  afterAll(async () => {
    for (const k of ["CRON_SECRET", "RATE_WRITES_PER_WINDOW", "RATE_TURNS_PER_WINDOW"]) delete process.env[k];
    resetConfigForTests();
    await env?.drop();
  });

  async function snapshot() {
    const get = async (route: Record<string, unknown>, url: string, params: Record<string, string> = {}) => {
      const res = await callRoute(route, { method: "GET", url, params });
      expect(res.status, url).toBe(200);
      return res.json();
    };
    const t = { id: ids.thread };
    const rows = async <T>(find: () => Promise<T>) => JSON.parse(JSON.stringify(await find()));
    return {
      threads: await get(threadsRoute, "/api/threads"),
      pins: await get(pinsRoute, "/x", t),
      actions: await get(actionsRoute, "/x", t),
      outbox: await get(outboxRoute, "/api/outbox"),
      routines: await get(routinesRoute, "/api/routines"),
      routine: await get(routineRoute, "/x", { id: ids.routine }),
      runs: await get(runsRoute, "/x", { id: ids.routine }),
      resume: await get(resumeRoute, "/x", t),
      workspaceThreads: await get(workspaceThreadsRoute, "/x", t),
      // Everything of everyone, straight from the database: the other person's rows too.
      db: {
        users: await env.db.user.count(),
        accounts: await env.db.authUser.count(),
        threads: await rows(() => env.db.thread.findMany({ orderBy: { id: "asc" } })),
        messages: await rows(() => env.db.message.findMany({ orderBy: { id: "asc" } })),
        routines: await rows(() => env.db.routine.findMany({ orderBy: { id: "asc" } })),
        runs: await rows(() => env.db.routineRun.findMany({ orderBy: { id: "asc" } })),
        ledger: await rows(() => env.db.actionLedger.findMany({ orderBy: { id: "asc" } })),
        outbox: await env.db.outboxMessage.count(),
        workspaces: await env.db.workspace.count(),
      },
    };
  }

  it("answers ids that are not ids, and another person's threads, routines, messages and actions, with a JSON 404", async () => {
    jar.values = new Map(mine);
    const before = await snapshot();
    expect(before.pins.pinned).toHaveLength(1);
    expect(before.runs.runs).toHaveLength(1);
    expect(before.workspaceThreads.threads).toHaveLength(2);
    expect(before.actions.actions).toHaveLength(1);
    const cases = notFoundCases(ids);
    expect(cases.length).toBeGreaterThan(120);
    expect(await failuresOf(cases, () => 404)).toEqual([]);
    expect(
      (await (await callRoute(outboxRoute, { method: "GET", url: `/api/outbox?threadId=${ids.otherThread}` })).json()).messages,
    ).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(jar.values.get("lrc_session")).toBe(mine.get("lrc_session"));
  });

  it("answers every malformed number, field, text, size, content type and origin with a JSON 4xx, changing nothing", async () => {
    jar.values = new Map(mine);
    const before = await snapshot();
    const cases = badInputCases(ids, CRON_SECRET);
    expect(cases.length).toBeGreaterThan(120);
    expect(await failuresOf(cases)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(jar.values.get("lrc_session")).toBe(mine.get("lrc_session"));
  });

  // Runs last: it changes data on purpose. Next decodes the URL segment once; the key is used as is.
  it("resolves an action whose key holds a percent sign, exactly that one", async () => {
    jar.values = new Map(mine);
    const res = await callRoute(resolveRoute, {
      method: "POST",
      url: "/x",
      params: { id: ids.thread, key: ids.key },
      body: { decision: "mark_sent" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).outcome).toMatchObject({ state: "sent", key: ids.key });
    const statuses = await env.db.actionLedger.findMany({ select: { key: true, status: true }, orderBy: { key: "asc" } });
    expect(statuses).toEqual(
      expect.arrayContaining([
        { key: ids.key, status: "succeeded" },
        { key: ids.otherKey, status: "needs_human" },
      ]),
    );
  });
});
