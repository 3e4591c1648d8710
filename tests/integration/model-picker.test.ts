import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { callRoute, type Jar } from "./security/support";
import { startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai-server";
import { resetConfigForTests } from "@/tests/support/config";
import { config } from "@/lib/config";
import { createThread } from "@/lib/db/threads";
import * as threadsRoute from "@/app/api/threads/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as threadModelRoute from "@/app/api/threads/[id]/model/route";
import * as modelsRoute from "@/app/api/models/route";
import * as modelRoute from "@/app/api/model/route";
import * as contextRoute from "@/app/api/threads/[id]/context/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));

const MODEL = "compatible:picker-test";

// A thread's model: listed by the server, stored per thread, used by its turns, refused when the
// server cannot use it; the default (CHAT_MODEL) answers threads that picked none.
describe.each(testDatabases())("model picker on $name", (target) => {
  let env: Provisioned;
  let fake: FakeOpenAI;
  const saved = { ...process.env };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    Object.assign(process.env, {
      CHAT_MODEL: "offline",
      // An openai model without OPENAI_API_KEY: named, but the server cannot use it.
      CHAT_MODELS: `${MODEL}, openai:gpt-4o-mini, offline`,
      OPENAI_COMPATIBLE_BASE_URL: fake.baseURL,
    });
    delete process.env.OPENAI_API_KEY;
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await fake?.close();
    await env?.drop();
  });

  const newGuestThread = async () => {
    jar.values.clear();
    const res = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: {} });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const userId = (await env.db.thread.findUniqueOrThrow({ where: { id } })).userId;
    return { id, userId, cookies: new Map(jar.values) };
  };
  const putModel = (id: string, model: unknown) =>
    callRoute(threadModelRoute, { method: "PUT", url: `/api/threads/${id}/model`, params: { id }, body: { model } });

  it("lists the offline model and the configured provider's models, not the unconfigured one; /api/model is unchanged", async () => {
    const res = await callRoute(modelsRoute, { method: "GET", url: "/api/models" });
    expect(await res.json()).toEqual({
      defaultModel: "offline",
      models: [
        { id: "offline", provider: "offline", name: "offline", contextWindow: config().OFFLINE_CONTEXT_WINDOW, isDefault: true },
        { id: MODEL, provider: "compatible", name: "picker-test", contextWindow: null, isDefault: false },
      ],
    });
    const old = await callRoute(modelRoute, { method: "GET", url: "/api/model" });
    expect(await old.json()).toMatchObject({ id: "offline", isOffline: true });
  });

  it("stores the choice, the turn uses it and records it; back to null, the default answers", async () => {
    const { id, userId } = await newGuestThread();
    const res = await putModel(id, MODEL);
    expect(res.status).toBe(200);
    const read = await callRoute(threadRoute, { method: "GET", url: `/api/threads/${id}`, params: { id } });
    expect(((await read.json()) as { thread: { chatModel: string } }).thread.chatModel).toBe(MODEL);

    const before = fake.requestedModels.length;
    const picked = await completeTurn(userId, id, textStart("Which model are you?"));
    expect(picked.outcome.status).toBe("complete");
    expect(picked.outcome.text).toBe("Answer from picker-test.");
    expect(fake.requestedModels.slice(before)).toEqual(["picker-test"]);

    expect((await putModel(id, null)).status).toBe(200);
    const fallback = await completeTurn(userId, id, textStart("And now?"));
    expect(fallback.outcome.text).toMatch(/offline/i);
    expect(fake.requestedModels.length).toBe(before + 1);

    const calls = await env.db.modelCall.findMany({ where: { threadId: id, kind: "chat" }, orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => c.modelId)).toEqual([MODEL, "offline"]);
  });

  it("the inspector budgets a thread with its own model's window, not CHAT_MODEL's", async () => {
    const { id } = await newGuestThread();
    const inspect = async () => {
      const res = await callRoute(contextRoute, { method: "GET", url: `/api/threads/${id}/context`, params: { id } });
      expect(res.status).toBe(200);
      return (await res.json()) as { model: { id: string }; thresholds: { contextWindow: number | null } };
    };
    // The offline default has a known window; the compatible server's window is unknown (no CONTEXT_WINDOW).
    expect(await inspect()).toMatchObject({ model: { id: "offline" }, thresholds: { contextWindow: 200_000 } });
    expect((await putModel(id, MODEL)).status).toBe(200);
    expect(await inspect()).toMatchObject({ model: { id: MODEL }, thresholds: { contextWindow: null } });
  });

  it("refuses a model the server cannot use with a 400 naming it, and stores nothing", async () => {
    const { id } = await newGuestThread();
    for (const model of ["openai:gpt-4o-mini", "anthropic:claude-x", "gpt-4o", "compatible:other"]) {
      const res = await putModel(id, model);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("model_unavailable");
      expect(body.error.message).toContain(model);
      expect(body.error.message).toContain(MODEL);
    }
    expect((await putModel(id, "")).status).toBe(400);
    expect((await putModel(id, 42)).status).toBe(400);
    expect((await env.db.thread.findUniqueOrThrow({ where: { id } })).chatModel).toBeNull();
  });

  it("a choice the server stopped offering is a 400 before the turn stores anything", async () => {
    const { id, userId } = await newGuestThread();
    await env.db.thread.update({ where: { id }, data: { chatModel: "openai:gpt-4o-mini" } });
    await expect(completeTurn(userId, id, textStart("hello"))).rejects.toMatchObject({ status: 400, code: "model_unavailable" });
    expect(await env.db.message.count({ where: { threadId: id } })).toBe(0);
  });

  it("another user's thread is a 404, and its choice stays", async () => {
    const mine = await newGuestThread();
    expect((await putModel(mine.id, MODEL)).status).toBe(200);
    const theirs = await createThread((await env.db.user.create({ data: {} })).id);
    jar.values = new Map(mine.cookies);
    const res = await putModel(theirs.id, MODEL);
    expect(res.status).toBe(404);
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: theirs.id } })).chatModel).toBeNull();
  });
});
