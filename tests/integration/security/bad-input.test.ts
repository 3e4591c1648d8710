import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedConversation } from "../support/seed";
import { callRoute, type Call, type Jar } from "./support";
import { BIG, LONE, NUL, PAST_INT4, failuresOf, hostileWrites, type Case } from "./hostile";
import { config } from "@/lib/config";
import { resetConfigForTests } from "@/tests/support/config";
import { putBodyLimit } from "@/lib/workspace/http";
import * as threadsRoute from "@/app/api/threads/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as messagesRoute from "@/app/api/threads/[id]/messages/route";
import * as messageRoute from "@/app/api/threads/[id]/messages/[messageId]/route";
import * as retryRoute from "@/app/api/threads/[id]/messages/[messageId]/retry/route";
import * as contextRoute from "@/app/api/threads/[id]/context/route";
import * as filesRoute from "@/app/api/threads/[id]/files/route";
import * as fileRoute from "@/app/api/threads/[id]/files/[...path]/route";
import * as chatRoute from "@/app/api/chat/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

// Every class of hostile input, at every route: the answer is a JSON 4xx naming the problem, never
// a 500, and afterwards the stored data reads back exactly as before.
function battery(t: string, m: string): Case[] {
  const file = (path: string[], rest: Partial<Call> & { method: string }) => ({
    url: `/api/threads/${t}/files/${path.join("/")}`,
    params: { id: t, path },
    ...rest,
  });
  const cases: Case[] = [];
  const add = (name: string, route: Record<string, unknown>, call: Call) => cases.push({ name, route, call });

  for (const before of [BIG, PAST_INT4, "-1", "1.5", "1e3", "abc", ""])
    add(`messages ?before=${before}`, messagesRoute, {
      method: "GET",
      url: `/api/threads/${t}/messages?before=${before}`,
      params: { id: t },
    });
  for (const limit of [BIG, PAST_INT4, "0", "-5", "1e9", "NaN"])
    add(`messages ?limit=${limit}`, messagesRoute, { method: "GET", url: `/api/threads/${t}/messages?limit=${limit}`, params: { id: t } });
  for (const v of [BIG, PAST_INT4, "0", "-1", "x"]) {
    add(`file ?version=${v}`, fileRoute, file(["notes.md"], { method: "GET", url: `/api/threads/${t}/files/notes.md?version=${v}` }));
    add(
      `versions ?before=${v}`,
      fileRoute,
      file(["notes.md", "versions"], { method: "GET", url: `/api/threads/${t}/files/notes.md/versions?before=${v}` }),
    );
    add(
      `delete ?baseVersion=${v}`,
      fileRoute,
      file(["notes.md"], { method: "DELETE", url: `/api/threads/${t}/files/notes.md?baseVersion=${v}` }),
    );
  }
  for (const n of [2 ** 31, 1e20, -1, 0, 1.5, "1"]) {
    add(`put baseVersion=${n}`, fileRoute, file(["notes.md"], { method: "PUT", body: { content: "changed", baseVersion: n } }));
    add(`restore version=${n}`, fileRoute, file(["notes.md", "restore"], { method: "POST", body: { version: n } }));
    add(
      `rename baseVersion=${n}`,
      fileRoute,
      file(["notes.md"], {
        method: "POST",
        url: `/api/threads/${t}/files/notes.md?action=rename`,
        body: { to: "other.md", baseVersion: n },
      }),
    );
  }
  for (const [label, text] of [
    ["NUL", NUL],
    ["lone surrogate", LONE],
  ]) {
    add(`create thread title ${label}`, threadsRoute, { method: "POST", url: "/api/threads", body: { title: text } });
    add(`rename thread ${label}`, threadRoute, { method: "PATCH", url: `/api/threads/${t}`, params: { id: t }, body: { title: text } });
    add(`edit message ${label}`, messageRoute, {
      method: "PATCH",
      url: `/api/threads/${t}/messages/${m}`,
      params: { id: t, messageId: m },
      body: { text },
    });
    add(`chat message ${label}`, chatRoute, {
      method: "POST",
      url: "/api/chat",
      body: { id: t, message: { role: "user", parts: [{ type: "text", text }] } },
    });
    add(`put content ${label}`, fileRoute, file(["notes.md"], { method: "PUT", body: { content: text, baseVersion: 1 } }));
    add(`put new file named ${label}`, fileRoute, file([`${text}.md`], { method: "PUT", body: { content: "x", baseVersion: null } }));
    add(
      `rename file to ${label}`,
      fileRoute,
      file(["notes.md"], { method: "POST", url: `/api/threads/${t}/files/notes.md?action=rename`, body: { to: `${text}.md` } }),
    );
    const idRoutes: [string, Record<string, unknown>, Record<string, string[]>][] = [
      ["thread", threadRoute, {}],
      ["messages", messagesRoute, {}],
      ["context", contextRoute, {}],
      ["files", filesRoute, {}],
      ["file", fileRoute, { path: ["notes.md"] }],
    ];
    for (const [what, route, extra] of idRoutes) {
      add(`GET ${what} with id ${label}`, route, { method: "GET", url: `/api/threads/x/${what}`, params: { id: text, ...extra } });
    }
    add(`retry with messageId ${label}`, retryRoute, {
      method: "POST",
      url: `/api/threads/${t}/messages/x/retry`,
      params: { id: t, messageId: text },
    });
  }
  for (const path of [["a", "", "b.md"], ["dir", ""], ["..", "notes.md"], ["notes.md\\x"]]) {
    add(`put path ${JSON.stringify(path)}`, fileRoute, file(path, { method: "PUT", body: { content: "x", baseVersion: null } }));
  }
  for (const to of ["a//b.md", "dir/", "../x.md", "/abs.md", " ", ""]) {
    add(
      `rename file to ${JSON.stringify(to)}`,
      fileRoute,
      file(["notes.md"], { method: "POST", url: `/api/threads/${t}/files/notes.md?action=rename`, body: { to } }),
    );
  }
  // Wrong content types and broken bodies on every JSON write, each past its own size cap too.
  const { MAX_MESSAGE_CHARS } = config();
  const writes: (Case & { cap: number })[] = [
    { name: "create thread", route: threadsRoute, cap: 4096, call: { method: "POST", url: "/api/threads", body: '{"title":"x"}' } },
    {
      name: "rename thread",
      route: threadRoute,
      cap: 4096,
      call: { method: "PATCH", url: `/api/threads/${t}`, params: { id: t }, body: '{"title":"x"}' },
    },
    {
      name: "chat",
      route: chatRoute,
      cap: MAX_MESSAGE_CHARS * 4 + 16_384,
      call: {
        method: "POST",
        url: "/api/chat",
        body: JSON.stringify({ id: t, message: { role: "user", parts: [{ type: "text", text: "hi" }] } }),
      },
    },
    {
      name: "put file",
      route: fileRoute,
      cap: putBodyLimit(),
      call: file(["notes.md"], { method: "PUT", body: '{"content":"x","baseVersion":1}' }),
    },
  ];
  for (const w of writes) {
    hostileWrites(add, w.name, w.route, w.call, w.cap);
    add(`${w.name} huge number`, w.route, { ...w.call, body: w.call.body!.toString().replace(/"x"|"hi"|1\}/, "1e999}") });
  }
  return cases;
}

describe.each(testDatabases())("hostile input on $name", (target) => {
  let env: Provisioned;
  let threadId = "";
  let messageId = "";

  beforeAll(async () => {
    process.env.AUTH_SECRET = "bad-input-battery-secret-0123456789";
    process.env.RATE_WRITES_PER_WINDOW = "100000";
    resetConfigForTests();
    env = await provision(target);
    jar.values.clear();
    const created = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Original" } });
    threadId = (await created.json()).id;
    const [first] = await seedConversation(threadId, [
      ["user", "first question"],
      ["assistant", "first answer"],
    ]);
    messageId = first.id;
    const put = await callRoute(fileRoute, {
      method: "PUT",
      url: `/api/threads/${threadId}/files/notes.md`,
      params: { id: threadId, path: ["notes.md"] },
      body: { content: "v1", baseVersion: null },
    });
    expect(put.status).toBe(201);
  });
  afterAll(async () => {
    delete process.env.RATE_WRITES_PER_WINDOW;
    resetConfigForTests();
    await env?.drop();
  });

  async function snapshot() {
    const get = async (route: Record<string, unknown>, url: string, params: Record<string, string | string[]>) =>
      (await callRoute(route, { method: "GET", url, params })).json();
    return {
      threads: await get(threadsRoute, "/api/threads", {}),
      messages: await get(messagesRoute, `/api/threads/${threadId}/messages`, { id: threadId }),
      files: await get(filesRoute, `/api/threads/${threadId}/files`, { id: threadId }),
      file: await get(fileRoute, `/api/threads/${threadId}/files/notes.md`, { id: threadId, path: ["notes.md"] }),
      versions: await get(fileRoute, `/api/threads/${threadId}/files/notes.md/versions`, { id: threadId, path: ["notes.md", "versions"] }),
      users: await env.db.user.count(),
      rows: [
        await env.db.thread.count(),
        await env.db.message.count(),
        await env.db.workspaceFile.count(),
        await env.db.fileVersion.count(),
      ],
    };
  }

  it("answers every hostile request with a JSON 4xx, and the stored data reads back unchanged", async () => {
    const before = await snapshot();
    expect(before.files.files).toHaveLength(1);
    expect(before.messages.messages).toHaveLength(2);
    const cookie = jar.values.get("lrc_session");
    const cases = battery(threadId, messageId);
    expect(cases.length).toBeGreaterThan(100);
    expect(await failuresOf(cases)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(jar.values.get("lrc_session")).toBe(cookie);
  });

  it("a new message or an edit one character past MAX_MESSAGE_CHARS is a 413 that says so in words, and nothing changes", async () => {
    process.env.MAX_MESSAGE_CHARS = "1000";
    resetConfigForTests();
    try {
      const before = await snapshot();
      const text = "x".repeat(1001);
      const words = "This message is 1,001 characters; a message can be at most 1,000. Attach long text as a file instead.";
      const sent = await callRoute(chatRoute, {
        method: "POST",
        url: "/api/chat",
        body: { id: threadId, message: { role: "user", parts: [{ type: "text", text }] } },
      });
      const edited = await callRoute(messageRoute, {
        method: "PATCH",
        url: `/api/threads/${threadId}/messages/${messageId}`,
        params: { id: threadId, messageId },
        body: { text },
      });
      for (const res of [sent, edited]) {
        expect(res.status).toBe(413);
        expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
          code: "too_large",
          message: words,
        });
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      delete process.env.MAX_MESSAGE_CHARS;
      resetConfigForTests();
    }
  });
});
