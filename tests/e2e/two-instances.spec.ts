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

test("a thread started on one instance continues on the other; of two concurrent sends exactly one streams, the other is a 409", async ({
  request,
}) => {
  const created = await request.post(`${A}/api/threads`, { data: { title: "Shared" } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await request.get(`${B}/api/threads/${id}`)).status()).toBe(200);

  const send = (base: string, text: string) =>
    request.post(`${base}/api/chat`, { data: { id, message: { role: "user", parts: [{ type: "text", text }] } } });
  // A reply of 300 lines streams for about 3 s, so both sends land while a turn runs, even when one
  // instance is slow to take its first chat request. (Prose after "long 40" made them plain short
  // replies, and a turn could end before the other send arrived: both were then answered 200.)
  const answers = await Promise.all([send(A, "long 300"), send(B, "long 300")]);
  expect(answers.map((r) => r.status()).sort()).toEqual([200, 409]);
  const refused = answers.find((r) => r.status() === 409)!;
  expect((await refused.json()).error.code).toBe("turn_in_progress");
  await answers.find((r) => r.status() === 200)!.text();

  await say(request, B, id, "and then from instance B");
  const { messages } = await (await request.get(`${A}/api/threads/${id}/messages`)).json();
  expect(messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4]);
  expect(messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  expect(messages.map((m: { status: string }) => m.status)).toEqual(["complete", "complete", "complete", "complete"]);
});

test("stop from the other instance ends the running turn there", async ({ request }) => {
  const { id } = await (await request.post(`${A}/api/threads`)).json();
  const streaming = request.post(`${A}/api/chat`, {
    data: { id, message: { role: "user", parts: [{ type: "text", text: "long 1000" }] } },
  });
  await expect.poll(async () => (await (await request.get(`${B}/api/threads/${id}`)).json()).thread.activeTurn).not.toBeNull();
  expect(await (await request.post(`${B}/api/threads/${id}/turn/stop`)).json()).toEqual({ stopped: true });
  await (await streaming).text();
  const { messages } = await (await request.get(`${B}/api/threads/${id}/messages`)).json();
  expect(messages[1].status).toBe("stopped");
  expect(messages[1].text).not.toContain("Line 1000 of 1000");
});

test("concurrent saves of one file version on two instances: one wins, the other is a 409", async ({ request }) => {
  const { id } = await (await request.post(`${A}/api/threads`)).json();
  const creates = await Promise.all(
    [A, B].map((base) => request.put(`${base}/api/threads/${id}/files/plan.md`, { data: { content: `from ${base}`, baseVersion: null } })),
  );
  expect(creates.map((r) => r.status()).sort()).toEqual([201, 409]);
  const saves = await Promise.all(
    [A, B].map((base) => request.put(`${base}/api/threads/${id}/files/plan.md`, { data: { content: `edit via ${base}`, baseVersion: 1 } })),
  );
  expect(saves.map((r) => r.status()).sort()).toEqual([200, 409]);
  const file = (await (await request.get(`${B}/api/threads/${id}/files/plan.md`)).json()).file;
  expect(file.version).toBe(2);
  const versions = (await (await request.get(`${A}/api/threads/${id}/files/plan.md/versions`)).json()).versions;
  expect(versions).toHaveLength(2);
});

test("turns on both instances that cross the threshold back to back run one compaction at a time", async ({ request }) => {
  const { id } = await (await request.post(`${A}/api/threads`)).json();
  await say(request, A, id, "Move callers from `getAccount` to `loadAccount`.");
  await say(request, A, id, filler("api"));
  await say(request, B, id, filler("jobs"));
  // One turn at a time per thread, so back to back: B's reply ends while A's after() compaction is
  // still summarizing (the offline summarizer takes OFFLINE_SUMMARY_DELAY_MS), and B tries too.
  await say(request, A, id, filler("cli"));
  await say(request, B, id, filler("docs"));

  type Receipt = { status: string; startedAt: string; finishedAt: string | null };
  let receipts: Receipt[] = [];
  await expect
    .poll(
      async () => {
        const ctx = await (await request.get(`${B}/api/threads/${id}/context`)).json();
        receipts = ctx.compaction.receipts;
        return !ctx.compaction.running && receipts.length > 0 && receipts.every((r) => r.finishedAt) && ctx.recentSpan !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(receipts.some((r) => r.status === "saved")).toBe(true);
  // The lease never let two compactions of this thread overlap, whichever instance ran them.
  const spans = receipts.map((r) => [Date.parse(r.startedAt), Date.parse(r.finishedAt!)]).sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
});

// Only with TEST_REDIS_URL (the PostgreSQL instances then run with REDIS_URL; .ci/run sets it).
if (process.env.TEST_REDIS_URL)
  test("with Redis, the other instance resumes the live stream of a running turn", async ({ request }) => {
    const { id } = await (await request.post(`${A}/api/threads`)).json();
    const streaming = request.post(`${A}/api/chat`, {
      data: { id, message: { role: "user", parts: [{ type: "text", text: "long 150" }] } },
    });
    await expect.poll(async () => (await (await request.get(`${B}/api/threads/${id}`)).json()).thread.activeTurn).not.toBeNull();
    const resumed = await request.get(`${B}/api/chat/${id}/stream`);
    expect(resumed.status()).toBe(200);
    const events = (await resumed.text())
      .split("\n")
      .filter((l) => l.startsWith("data: {"))
      .map((l) => JSON.parse(l.slice(6)));
    // The resumed stream replays from the start and follows the reply to its end.
    expect(events[0].type).toBe("start");
    const text = events
      .filter((e) => e.type === "text-delta")
      .map((e) => e.delta)
      .join("");
    expect(text).toContain("Line 1 of 150.");
    expect(text).toContain("Line 150 of 150.");
    expect(events.find((e) => e.type === "data-turn")?.data).toMatchObject({ status: "complete" });
    await (await streaming).text();
    // Nothing runs any more: nothing to resume.
    expect((await request.get(`${B}/api/chat/${id}/stream`)).status()).toBe(204);
  });
