import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { completeTurn, textStart } from "../support/turns";
import { createThread, getOwnedThread } from "@/lib/db/threads";

// "Continue in a new chat" names the new chat after the old one, marked as a continuation, so the
// sidebar never shows two identical entries; its first message (the same goal) does not rename it.
describe.each(testDatabases())("continued titles on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  it("names each continuation after the first chat, numbered from the second on, and keeps it after the first message", async () => {
    const first = await createThread(userId);
    await completeTurn(userId, first.id, textStart("Migrate every loadAccount call site"));
    expect((await getOwnedThread(userId, first.id)).title).toBe("Migrate every loadAccount call site");

    const second = await createThread(userId, undefined, { workspaceOf: first.id });
    expect(second.title).toBe("Migrate every loadAccount call site (continued)");
    await completeTurn(userId, second.id, textStart("Migrate every loadAccount call site"));
    expect((await getOwnedThread(userId, second.id)).title).toBe("Migrate every loadAccount call site (continued)");

    const third = await createThread(userId, undefined, { workspaceOf: second.id });
    expect(third.title).toBe("Migrate every loadAccount call site (continued 2)");
    expect((await createThread(userId, "My name", { workspaceOf: first.id })).title).toBe("My name");
  });

  it("stays within the title limit and refuses another user's thread", async () => {
    const long = await createThread(userId, "x".repeat(200));
    const next = await createThread(userId, undefined, { workspaceOf: long.id });
    expect(next.title).toHaveLength(200);
    expect(next.title.endsWith("x (continued)")).toBe(true);
    const other = (await env.db.user.create({ data: {} })).id;
    await expect(createThread(other, undefined, { workspaceOf: long.id })).rejects.toMatchObject({ status: 404 });
  });

  it("strips an earlier continuation mark before adding its own", async () => {
    let thread = await createThread(userId, "Plan");
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      thread = await createThread(userId, undefined, { workspaceOf: thread.id });
      titles.push(thread.title);
    }
    expect(titles).toEqual(["Plan (continued)", "Plan (continued 2)", "Plan (continued 3)", "Plan (continued 4)", "Plan (continued 5)"]);
    const named = await createThread(userId, "Notes (continued 4)");
    expect((await createThread(userId, undefined, { workspaceOf: named.id })).title).toBe("Notes (continued)");
  });
});
