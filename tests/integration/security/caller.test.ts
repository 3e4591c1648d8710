import type { DehydratedState } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedConversation } from "../support/seed";
import { Browser } from "./browser";
import type { Jar } from "./support";
import { currentCaller } from "@/lib/auth/session";
import { viewerOf } from "@/lib/auth/viewer";
import { resetConfigForTests } from "@/tests/support/config";
import { prefetchThread } from "@/app/t/[id]/prefetch-thread";
import * as threadsRoute from "@/app/api/threads/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as messagesRoute from "@/app/api/threads/[id]/messages/route";

/*
 * One caller on every path: the server-rendered thread page (prefetchThread), the root layout's
 * viewer and the JSON API all see the same caller. Issue 20: the page decoded the guest cookie
 * itself, so an old guest cookie of an upgraded account server-rendered the account's chats, and a
 * signed-in account never got its messages server rendered.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

/** Every query the server put into the page's cache, as the browser would receive it. */
const queries = (state: DehydratedState | null) =>
  Object.fromEntries((state?.queries ?? []).map((q) => [JSON.stringify(q.queryKey), q.state.data]));

describe.each(testDatabases())("one caller on every path on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "caller-test-secret-0123456789abcdef";
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => env?.drop());

  const email = `caller-${target.name}@example.com`;
  const password = "correct horse battery";
  let threadId = "";
  let oldGuestCookie = "";

  it("a guest's own cookie renders its thread; after sign-up an old copy of that cookie reads nothing anywhere", async () => {
    const guest = new Browser(jar);
    threadId = (await (await guest.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Secret plan" } })).json()).id;
    await seedConversation(threadId, [
      ["user", "the launch code is tangerine"],
      ["assistant", "noted: tangerine"],
    ]);
    oldGuestCookie = guest.cookies.get("lrc_session")!;
    guest.use();
    expect(viewerOf(await currentCaller())).toEqual({ kind: "guest" });
    const asGuest = queries(await prefetchThread(threadId));
    expect(JSON.stringify(asGuest)).toContain("tangerine");

    expect((await guest.auth("/sign-up/email", { email, password, name: "Caller" })).status).toBe(200);

    const stale = new Browser(jar);
    stale.cookies.set("lrc_session", oldGuestCookie);
    stale.use();
    expect(await currentCaller()).toMatchObject({ kind: "nobody", userId: "" });
    expect(await prefetchThread(threadId)).toBeNull();
    expect(await stale.threadIds()).toEqual([]);
    const thread = await stale.app(threadRoute, { method: "GET", url: `/api/threads/${threadId}`, params: { id: threadId } });
    expect(thread.status).toBe(404);
    const page = await stale.app(messagesRoute, { method: "GET", url: `/api/threads/${threadId}/messages`, params: { id: threadId } });
    expect(page.status).toBe(404);
    expect(JSON.stringify(await page.json())).not.toContain("tangerine");
  });

  it("a signed-in account gets its chat list and newest messages server rendered, and the layout names it", async () => {
    const elsewhere = new Browser(jar);
    expect((await elsewhere.auth("/sign-in/email", { email, password })).status).toBe(200);
    elsewhere.use();
    expect(viewerOf(await currentCaller())).toEqual({ kind: "account", email, name: "Caller" });
    const rendered = queries(await prefetchThread(threadId));
    const list = rendered[JSON.stringify(["threads"])] as { id: string }[];
    expect(list.map((t) => t.id)).toEqual([threadId]);
    const newest = rendered[JSON.stringify(["thread", threadId, "messages", "newest"])] as {
      messages: { text: string }[];
    };
    expect(newest.messages.map((m) => m.text)).toEqual(["the launch code is tangerine", "noted: tangerine"]);
  });
});
