import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedConversation } from "../support/seed";
import { editOwnMessage } from "@/lib/chat/edit";
import { createThread, deleteThread } from "@/lib/db/threads";
import { RANKED_MATCHES } from "@/lib/search/engines";
import * as threadSearchRoute from "@/app/api/threads/[id]/search/route";
import * as searchRoute from "@/app/api/search/route";
import * as messagesRoute from "@/app/api/threads/[id]/messages/route";

const caller = vi.hoisted(() => ({ id: "" }));
vi.mock("@/lib/auth/session", () => ({ currentUserId: async () => caller.id }));

type Hit = { threadId: string; messageId: string; seq: number; role: string; createdAt: string; snippet: string; deleted: boolean };
type Page = { results: Hit[]; nextCursor: string | null };

async function get(mod: { GET: unknown }, url: string, id?: string): Promise<Response> {
  const fn = mod.GET as (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  return fn(new Request(`http://test.local${url}`), { params: Promise.resolve<Record<string, string>>(id ? { id } : {}) });
}
const threadSearch = (id: string, qs: string) => get(threadSearchRoute, `/api/threads/${id}/search?${qs}`, id);
const q = (text: string, extra = "") => `q=${encodeURIComponent(text)}${extra}`;

describe.each(testDatabases())("message search on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let otherId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    otherId = (await env.db.user.create({ data: {} })).id;
    caller.id = userId;
  });
  afterAll(async () => env?.drop());

  async function thread() {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Move the loader out of src/api/accounts.ts before Friday."],
      ["assistant", "The old src/api/account.ts is a different file; I left it alone."],
      ["user", "getAccountHandler throws `AccountLocked` on retries."],
      ["assistant", "We are deploying the fix to staging now."],
      ["user", "Unrelated chatter about lunch."],
    ]);
    return { t, m };
  }

  async function search(id: string, text: string, extra = ""): Promise<Page> {
    const res = await threadSearch(id, q(text, extra));
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Page;
  }

  it("finds exact paths and identifiers, not their near misses, with a marked, escaped snippet", async () => {
    const { t, m } = await thread();
    const path = await search(t.id, "src/api/accounts.ts");
    expect(path.results.map((r) => r.messageId)).toEqual([m[0].id]);
    expect(path.results[0]).toMatchObject({ threadId: t.id, seq: m[0].seq, role: "user" });
    expect(path.results[0].snippet).toBe("Move the loader out of <mark>src/api/accounts.ts</mark> before Friday.");
    expect(new Date(path.results[0].createdAt).getTime()).toBe(m[0].createdAt.getTime());

    const ident = await search(t.id, "getAccountHandler");
    expect(ident.results.map((r) => r.messageId)).toEqual([m[2].id]);
    expect((await search(t.id, "getAccount")).results.map((r) => r.messageId)).toEqual([m[2].id]);
    expect((await search(t.id, "getAccountHandlr")).results).toEqual([]);
  });

  it("stems words (deploy finds deploying) and ANDs the terms", async () => {
    const { t, m } = await thread();
    expect((await search(t.id, "deploy")).results.map((r) => r.messageId)).toEqual([m[3].id]);
    expect((await search(t.id, "deploy staging")).results.map((r) => r.messageId)).toEqual([m[3].id]);
    expect((await search(t.id, "deploy lunch")).results).toEqual([]);
    // A seq range (the receipt's "search in the summarized span").
    expect((await search(t.id, "src/api", `&from=${m[0].seq}&to=${m[0].seq}`)).results.map((r) => r.messageId)).toEqual([m[0].id]);
    expect((await search(t.id, "deploy", `&from=${m[0].seq}&to=${m[2].seq}`)).results).toEqual([]);
  });

  it("follows streamed updates and edits: an edited-away row only with the audit trail", async () => {
    const { t, m } = await thread();
    await env.db.message.update({ where: { id: m[4].id }, data: { text: "Lunch moved; the quokka budget is 4312 EUR." } });
    expect((await search(t.id, "quokka")).results.map((r) => r.messageId)).toEqual([m[4].id]);
    expect((await search(t.id, "chatter")).results).toEqual([]);

    const edited = await editOwnMessage(userId, t.id, m[4].id, "Lunch moved; the wombat budget is 4312 EUR.");
    expect((await search(t.id, "quokka")).results).toEqual([]);
    expect((await search(t.id, "wombat")).results.map((r) => r.messageId)).toEqual([edited.id]);
    const audit = await search(t.id, "quokka", "&deleted=1");
    expect(audit.results.map((r) => [r.messageId, r.deleted])).toEqual([[m[4].id, true]]);
  });

  it("ranks and pages with an opaque cursor, and searches across the caller's threads only", async () => {
    const a = await thread();
    const b = await thread();
    const other = await createThread(otherId);
    await seedConversation(other.id, [["user", "zebrafish zebrafish in src/api/accounts.ts"]]);
    await seedConversation(a.t.id, [["user", "zebrafish zebrafish zebrafish, zebrafish everywhere"]]);
    await seedConversation(b.t.id, [["user", "one zebrafish in a long sentence about many other things entirely"]]);

    const all = (await (await get(searchRoute, `/api/search?${q("zebrafish")}`)).json()) as Page;
    expect(all.results.map((r) => r.threadId)).toEqual([a.t.id, b.t.id]);

    const first = (await (await get(searchRoute, `/api/search?${q("src/api/accounts.ts", "&limit=1")}`)).json()) as Page;
    expect(first.results).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen = [first.results[0].messageId];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await (await get(searchRoute, `/api/search?${q("src/api/accounts.ts", `&limit=1&cursor=${cursor}`)}`)).json()) as Page;
      seen.push(...page.results.map((r) => r.messageId));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...new Set(seen)]);
    const holding = await env.db.message.count({
      where: { text: { contains: "src/api/accounts.ts" }, deletedAt: null, thread: { userId } },
    });
    expect(holding).toBeGreaterThan(2);
    expect(seen).toHaveLength(holding);

    // Another user's thread is a 404, and their cross-thread search does not see ours.
    caller.id = otherId;
    const res = await threadSearch(a.t.id, q("zebrafish"));
    expect(res.status).toBe(404);
    const theirs = (await (await get(searchRoute, `/api/search?${q("zebrafish")}`)).json()) as Page;
    expect(theirs.results.map((r) => r.threadId)).toEqual([other.id]);
    caller.id = userId;

    // A deleted thread leaves the cross-thread results.
    await deleteThread(userId, b.t.id);
    const after = (await (await get(searchRoute, `/api/search?${q("zebrafish")}`)).json()) as Page;
    expect(after.results.map((r) => r.threadId)).toEqual([a.t.id]);
  });

  it("answers hostile queries with a clear 400 or an empty result, never a 500 or SQL text", async () => {
    const { t } = await thread();
    const cases: Array<[string, number]> = [
      ["q=", 400],
      ["q=%20%20", 400],
      [`q=${"a".repeat(10_000)}`, 400],
      ["q=a%00b", 400],
      [q('" OR 1=1 --'), 200],
      [q("foo AND (bar OR"), 200],
      [q("NEAR(a b) * ^ text:x {threadId}:y"), 200],
      [q('\'; DROP TABLE "Message"; --'), 200],
      [q("%_\\"), 200],
      [q("deploy", "&cursor=garbage"), 400],
      [q("deploy", "&limit=0"), 400],
      [q("deploy", "&limit=1000"), 400],
    ];
    const empty: string[] = [
      q("((("),
      q('"'),
      q('"unterminated phrase'),
      q("*"),
      q("NEAR("),
      q("^x AND NOT y"),
      q("()[]{}"),
      q("\\ ' ` ;"),
    ];
    cases.push(...empty.map((qs): [string, number] => [qs, 200]), [q("deploy)) OR ((staging"), 200], [q("-deploy"), 200]);
    // Both routes, the same battery: a thread's search and the search across the caller's threads.
    for (const route of [(qs: string) => threadSearch(t.id, qs), (qs: string) => get(searchRoute, `/api/search?${qs}`)]) {
      for (const [qs, status] of cases) {
        const res = await route(qs);
        const body = await res.text();
        expect(res.status, `${qs.slice(0, 60)}: ${body.slice(0, 200)}`).toBe(status);
        // Ids and cursors are random (a cuid once held "sql"): the check reads everything else.
        const words = body.replace(/"(threadId|messageId|nextCursor)":"[^"]*"/g, "");
        expect(words).not.toMatch(/sql|syntax|fts5|tsquery|prisma/i);
        if (status === 400) expect(JSON.parse(body).error.code).toBe("invalid_body");
        if (status === 200 && empty.includes(qs)) expect(JSON.parse(body)).toEqual({ results: [], nextCursor: null });
      }
    }
    expect((await search(t.id, '" OR 1=1 --')).results).toEqual([]);
    expect(await env.db.message.count({ where: { threadId: t.id } })).toBe(5);
  });

  it(`ranks only the newest ${RANKED_MATCHES} matches of a common word, best first among them, and pages end there`, async () => {
    const t = await createThread(userId);
    const count = RANKED_MATCHES + 100;
    // The oldest message is the best match (the word three times); it is outside the newest matches.
    const text = (i: number) =>
      i === 0 ? "walrus walrus walrus" : `a walrus passed by, message ${i} of a long and wordy thread about nothing much`;
    await env.db.message.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        threadId: t.id,
        seq: i + 1,
        role: "user",
        text: text(i),
        tokens: 10,
        parts: JSON.stringify([{ type: "text", text: text(i) }]),
      })),
    });
    await env.db.thread.update({ where: { id: t.id }, data: { lastSeq: count } });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await search(t.id, "walrus", `&limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.results.map((r) => r.seq));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(RANKED_MATCHES);
    expect(Math.min(...seen)).toBe(count - RANKED_MATCHES + 1);
    expect(seen).not.toContain(1);
    // Within what is ranked, the best match still comes first.
    await seedConversation(t.id, [["user", "walrus walrus walrus walrus"]]);
    expect((await search(t.id, "walrus", "&limit=1")).results[0].seq).toBe(count + 1);
  });

  it("keeps the index pointing at the right messages when the message table's rowids change (VACUUM)", async () => {
    if (target.name !== "sqlite") return; // PostgreSQL indexes the row itself, not a rowid
    const { t, m } = await thread();
    const other = await thread();
    await env.db.message.deleteMany({ where: { threadId: other.t.id } }); // gaps for VACUUM to close
    await env.db.$executeRawUnsafe("VACUUM");
    // VACUUM may renumber rowids of a table without an INTEGER PRIMARY KEY; force a renumbering too.
    await env.db.$executeRawUnsafe(`UPDATE "Message" SET rowid = rowid + 1000000`);
    await env.db.$executeRawUnsafe(`INSERT INTO "MessageFts" ("MessageFts") VALUES ('integrity-check')`);
    expect((await search(t.id, "src/api/accounts.ts")).results.map((r) => r.messageId)).toEqual([m[0].id]);
    expect((await search(t.id, "deploy")).results.map((r) => r.messageId)).toEqual([m[3].id]);
    expect((await search(other.t.id, "deploy")).results).toEqual([]);
    // Writes after the renumbering keep the index in step.
    const [added] = await seedConversation(t.id, [["user", "a narwhal appeared"]]);
    await env.db.message.delete({ where: { id: m[3].id } });
    expect((await search(t.id, "narwhal")).results.map((r) => r.messageId)).toEqual([added.id]);
    expect((await search(t.id, "deploy")).results).toEqual([]);
    await env.db.$executeRawUnsafe(`INSERT INTO "MessageFts" ("MessageFts") VALUES ('integrity-check')`);
  });

  it("pages around a seq and after a seq, with cursors both ways", async () => {
    const t = await createThread(userId);
    const rows = await seedConversation(
      t.id,
      Array.from({ length: 30 }, (_, i) => [i % 2 ? "assistant" : "user", `message number ${i + 1}`] as ["user" | "assistant", string]),
    );
    const page = async (qs: string) => {
      const res = await get(messagesRoute, `/api/threads/${t.id}/messages?${qs}`, t.id);
      expect(res.status).toBe(200);
      return (await res.json()) as { messages: { seq: number }[]; nextCursor: string | null; newerCursor: string | null };
    };
    const seqs = rows.map((r) => r.seq);
    const around = await page(`around=${seqs[14]}&limit=6`);
    expect(around.messages.map((m) => m.seq)).toEqual(seqs.slice(12, 18));
    expect(around.nextCursor).toBe(String(seqs[12]));
    expect(around.newerCursor).toBe(String(seqs[17]));
    expect((await page(`before=${around.nextCursor}&limit=6`)).messages.map((m) => m.seq)).toEqual(seqs.slice(6, 12));
    expect((await page(`after=${around.newerCursor}&limit=6`)).messages.map((m) => m.seq)).toEqual(seqs.slice(18, 24));

    const first = await page("after=0&limit=6");
    expect(first.messages.map((m) => m.seq)).toEqual(seqs.slice(0, 6));
    expect(first.nextCursor).toBeNull();
    const nearEnd = await page(`around=${seqs[29]}&limit=6`);
    expect(nearEnd.messages.map((m) => m.seq)).toEqual(seqs.slice(24, 30));
    expect(nearEnd.newerCursor).toBeNull();
    for (const qs of ["around=3&before=5", "around=99999999999", "around=-1", "after=abc", "after=1.5", `around=${"9".repeat(10_000)}`]) {
      const res = await get(messagesRoute, `/api/threads/${t.id}/messages?${qs}`, t.id);
      expect(res.status, qs.slice(0, 40)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_body");
    }
    caller.id = otherId;
    expect((await get(messagesRoute, `/api/threads/${t.id}/messages?around=3`, t.id)).status).toBe(404);
    caller.id = userId;
  });
});
