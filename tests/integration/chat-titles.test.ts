import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { afterTurn } from "@/lib/chat/after-turn";
import { archiveChat, renameChat } from "@/lib/chat-list/person-changes";
import { createThread, getOwnedThread, listThreads, setModelTitle } from "@/lib/db/threads";

const FIRST_MESSAGE = "Could you please help me plan the **migration** of our auth module to the new session API?\n\nlist files";
const MODEL_TITLE = "Plan the migration of our auth module";
// TITLE_ATTEMPTS in lib/chat-list/model-title.ts: title calls per chat at most.
const TITLE_ATTEMPTS = 3;

describe.each(testDatabases())("chat titles and the archive on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    otherUserId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  /** A new chat after its first exchange, before the background work that follows it. */
  async function chatAfterFirstExchange() {
    const t = await createThread(userId);
    const { outcome } = await completeTurn(userId, t.id, textStart(FIRST_MESSAGE));
    return { id: t.id, outcome };
  }
  const titleOf = async (id: string) => (await env.db.thread.findUniqueOrThrow({ where: { id }, select: { title: true } })).title;
  const titleEvents = (threadId: string) => env.db.threadEvent.count({ where: { threadId, type: "thread.changed" } });

  it("titles a chat after its first exchange with one recorded model call, and tells its tabs", async () => {
    const { id, outcome } = await chatAfterFirstExchange();
    // Until then the title is the first message as plain text.
    expect(await titleOf(id)).toBe("Could you please help me plan the migration of our auth…");
    await afterTurn(id, Promise.resolve(outcome));
    expect(await titleOf(id)).toBe(MODEL_TITLE);
    const calls = await env.db.modelCall.findMany({ where: { threadId: id, kind: "title" } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ modelId: "offline", error: null });
    expect(await titleEvents(id)).toBe(1);

    // Later replies leave the title and call no model for it.
    const second = await completeTurn(userId, id, textStart("And the tests?"));
    await afterTurn(id, Promise.resolve(second.outcome));
    expect(await titleOf(id)).toBe(MODEL_TITLE);
    expect(await env.db.modelCall.count({ where: { threadId: id, kind: "title" } })).toBe(1);
  });

  it("stops calling for a title after TITLE_ATTEMPTS calls that gave none", async () => {
    const { id, outcome } = await chatAfterFirstExchange();
    const automatic = await titleOf(id);
    // As if the title model had failed (or answered with no usable title) on each earlier reply.
    const failedTitleCalls = (threadId: string, n: number) =>
      env.db.modelCall.createMany({
        data: Array.from({ length: n }, () => ({
          threadId,
          kind: "title",
          modelId: "offline",
          durationMs: 1,
          finishReason: "error",
          error: "no title",
        })),
      });
    await failedTitleCalls(id, TITLE_ATTEMPTS);
    await afterTurn(id, Promise.resolve(outcome));
    expect(await titleOf(id)).toBe(automatic);
    expect(await env.db.modelCall.count({ where: { threadId: id, kind: "title" } })).toBe(TITLE_ATTEMPTS);
    // One attempt fewer, and the next reply still names it.
    const other = await chatAfterFirstExchange();
    await failedTitleCalls(other.id, TITLE_ATTEMPTS - 1);
    await afterTurn(other.id, Promise.resolve(other.outcome));
    expect(await titleOf(other.id)).toBe(MODEL_TITLE);
  });

  it("never replaces a title the person set, whether the rename lands before or with the title job", async () => {
    const before = await chatAfterFirstExchange();
    await renameChat(userId, before.id, "Auth notes");
    await afterTurn(before.id, Promise.resolve(before.outcome));
    expect(await titleOf(before.id)).toBe("Auth notes");

    // The statement itself, for a rename that lands while the model is still answering.
    const during = await chatAfterFirstExchange();
    await renameChat(userId, during.id, "Named meanwhile");
    expect(await setModelTitle(during.id, "The model's")).toBe(false);
    expect(await titleOf(during.id)).toBe("Named meanwhile");

    for (let i = 0; i < 4; i++) {
      const racing = await chatAfterFirstExchange();
      await Promise.all([afterTurn(racing.id, Promise.resolve(racing.outcome)), renameChat(userId, racing.id, `Mine ${i}`)]);
      expect(await titleOf(racing.id)).toBe(`Mine ${i}`);
    }
  });

  it("sets the model's title once when two title jobs run together", async () => {
    const { id, outcome } = await chatAfterFirstExchange();
    await Promise.all([afterTurn(id, Promise.resolve(outcome)), afterTurn(id, Promise.resolve(outcome))]);
    expect(await titleOf(id)).toBe(MODEL_TITLE);
    expect(await titleEvents(id)).toBe(1);
  });

  it("keeps a continued chat's title, which differs from the chat it continues", async () => {
    const source = await chatAfterFirstExchange();
    await afterTurn(source.id, Promise.resolve(source.outcome));
    const next = await createThread(userId, undefined, { workspaceOf: source.id });
    expect(next.title).toBe(`${MODEL_TITLE} (continued)`);
    const { outcome } = await completeTurn(userId, next.id, textStart(FIRST_MESSAGE));
    await afterTurn(next.id, Promise.resolve(outcome));
    expect(await titleOf(next.id)).toBe(`${MODEL_TITLE} (continued)`);
    const again = await createThread(userId, undefined, { workspaceOf: next.id });
    expect(again.title).toBe(`${MODEL_TITLE} (continued 2)`);
  });

  it("archives a chat out of the list into the archived one, still open by its id, and back", async () => {
    const t = await createThread(userId, "To archive");
    const archived = await archiveChat(userId, t.id, true);
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect((await listThreads(userId)).map((x) => x.id)).not.toContain(t.id);
    expect((await listThreads(userId, { archived: true })).map((x) => x.id)).toEqual([t.id]);
    expect((await getOwnedThread(userId, t.id)).title).toBe("To archive");
    expect(await titleEvents(t.id)).toBe(1);

    await expect(archiveChat(otherUserId, t.id, false)).rejects.toMatchObject({ status: 404 });
    expect((await listThreads(otherUserId, { archived: true })).length).toBe(0);

    expect((await archiveChat(userId, t.id, false)).archivedAt).toBeNull();
    expect((await listThreads(userId)).map((x) => x.id)).toContain(t.id);
    expect(await listThreads(userId, { archived: true })).toEqual([]);
  });
});
