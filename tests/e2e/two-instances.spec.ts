import { expect, test, type APIRequestContext } from "@playwright/test";

// Two app instances on one PostgreSQL database (started by playwright.config.ts when
// TEST_DATABASE_URL is set), driven over real HTTP with one browser-like session: the session,
// the per-thread sequence, file versions and the compaction lease hold across instances.

const [A, B] = (process.env.E2E_INSTANCE_URLS ?? "").split(",");

const say = (api: APIRequestContext, base: string, id: string, text: string) =>
  api.post(`${base}/api/chat`, { data: { id, message: { role: "user", parts: [{ type: "text", text }] } } }).then(async (res) => {
    expect(res.status()).toBe(200);
    await res.text();
  });

const filler = (topic: string) => Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts.`).join(" ");

test("a thread started on one instance continues on the other; concurrent turns get distinct sequence numbers", async ({ request }) => {
  const created = await request.post(`${A}/api/threads`, { data: { title: "Shared" } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await request.get(`${B}/api/threads/${id}`)).status()).toBe(200);

  await Promise.all([say(request, A, id, "from instance A"), say(request, B, id, "from instance B")]);
  await expect.poll(async () => (await (await request.get(`${A}/api/threads/${id}/messages`)).json()).messages.length).toBe(4);
  const { messages } = await (await request.get(`${B}/api/threads/${id}/messages`)).json();
  expect(messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4]);
  expect(messages.filter((m: { role: string }) => m.role === "user").map((m: { text: string }) => m.text).sort()).toEqual(["from instance A", "from instance B"]);
});

test("concurrent saves of one file version on two instances: one wins, the other is a 409", async ({ request }) => {
  const { id } = await (await request.post(`${A}/api/threads`)).json();
  const creates = await Promise.all([A, B].map((base) => request.put(`${base}/api/threads/${id}/files/plan.md`, { data: { content: `from ${base}`, baseVersion: null } })));
  expect(creates.map((r) => r.status()).sort()).toEqual([201, 409]);
  const saves = await Promise.all([A, B].map((base) => request.put(`${base}/api/threads/${id}/files/plan.md`, { data: { content: `edit via ${base}`, baseVersion: 1 } })));
  expect(saves.map((r) => r.status()).sort()).toEqual([200, 409]);
  const file = (await (await request.get(`${B}/api/threads/${id}/files/plan.md`)).json()).file;
  expect(file.version).toBe(2);
  const versions = (await (await request.get(`${A}/api/threads/${id}/files/plan.md/versions`)).json()).versions;
  expect(versions).toHaveLength(2);
});

test("turns on both instances that cross the threshold at once run one compaction at a time", async ({ request }) => {
  const { id } = await (await request.post(`${A}/api/threads`)).json();
  await say(request, A, id, "Move callers from `getAccount` to `loadAccount`.");
  await say(request, A, id, filler("api"));
  await say(request, B, id, filler("jobs"));
  // Both replies end at about the same moment, and both instances start their after() compaction.
  await Promise.all([say(request, A, id, filler("cli")), say(request, B, id, filler("docs"))]);

  type Receipt = { status: string; startedAt: string; finishedAt: string | null };
  let receipts: Receipt[] = [];
  await expect.poll(async () => {
    const ctx = await (await request.get(`${B}/api/threads/${id}/context`)).json();
    receipts = ctx.compaction.receipts;
    return !ctx.compaction.running && receipts.length > 0 && receipts.every((r) => r.finishedAt) && ctx.window !== null;
  }, { timeout: 30_000 }).toBe(true);
  expect(receipts.some((r) => r.status === "saved")).toBe(true);
  // The lease never let two compactions of this thread overlap, whichever instance ran them.
  const spans = receipts.map((r) => [Date.parse(r.startedAt), Date.parse(r.finishedAt!)]).sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
});
