import { expect, test, type APIRequestContext } from "@playwright/test";

// The design article's scenario over real HTTP, with the e2e server's small thresholds
// (CONTEXT_RECENT_TOKENS=400, COMPACT_AT_INPUT_TOKENS=1500): compact, cut at the expected user
// message, edit that message, stale.

type Msg = { id: string; role: string; tokens: number; createdAt: string; text: string };

async function send(api: APIRequestContext, id: string, text: string) {
  const res = await api.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text }] } } });
  expect(res.status()).toBe(200);
  await res.text();
}

async function allMessages(api: APIRequestContext, id: string): Promise<Msg[]> {
  return (await (await api.get(`/api/threads/${id}/messages?limit=200`)).json()).messages;
}

/** The cut rule, restated independently: earliest user message whose suffix fits the budget. */
function expectedCut(messages: Msg[], budget: number): number {
  let total = 0;
  let cut = -1;
  let latestUser = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    total += messages[i].tokens;
    if (messages[i].role === "user") {
      if (latestUser < 0) latestUser = i;
      if (total <= budget) cut = i;
    }
  }
  return cut >= 0 ? cut : latestUser;
}

const filler = (topic: string) =>
  `${topic}. ` +
  Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep \`loadAccount\` stable.`).join(" ");

test("compacts in the background after the reply, cuts at the expected user message, and an edit makes it stale", async ({ request }) => {
  const { id } = await (await request.post("/api/threads", { data: { title: "Migration" } })).json();
  await send(request, id, "Move callers from `getAccount` to `loadAccount`. Keep CLI output unchanged.");
  for (const topic of ["api", "jobs", "cli", "docs"]) await send(request, id, filler(topic));

  await expect
    .poll(async () => (await (await request.get(`/api/threads/${id}/context`)).json()).summary?.cutMessageId ?? null, { timeout: 20_000 })
    .not.toBeNull();
  const ctx = await (await request.get(`/api/threads/${id}/context`)).json();
  expect(ctx.summaryStale).toBe(false);
  expect(ctx.recentSpan).toEqual({ cutMessageId: ctx.summary.cutMessageId });
  expect(ctx.summary.text).toContain("getAccount");
  // Every name is kept: in the summary, or in the names file it points at (a second compaction may
  // have run before this read, and its summary's budget moves older names to that file).
  const namesFile = await request.get(`/api/threads/${id}/files/context/names.md`);
  const inFile = namesFile.ok() && ((await namesFile.json()) as { file: { content: string } }).file.content.includes("`src/api/part0.ts`");
  if (inFile) expect(ctx.summary.text).toContain("context/names.md");
  else expect(ctx.summary.text).toContain("src/api/part0.ts");
  expect(ctx.thresholds).toMatchObject({ recentTokens: 400, compactAtInputTokens: 1500 });

  // The cut is where the rule puts it over the transcript as it stood when the compaction ran.
  const receipt = ctx.summary.receipt;
  expect(receipt.status).toBe("saved");
  const messages = await allMessages(request, id);
  const spanEnd = messages.findIndex((m) => m.id === receipt.spanLastId);
  const cutIndex = messages.findIndex((m) => m.id === ctx.summary.cutMessageId);
  expect(messages[cutIndex].role).toBe("user");
  expect(cutIndex).toBe(spanEnd + 1);
  const transcriptAtCompaction = messages.filter((m) => new Date(m.createdAt) <= new Date(receipt.startedAt));
  expect(cutIndex).toBe(expectedCut(transcriptAtCompaction, 400));

  // The compaction started only after the reply that triggered it had been stored.
  const trigger = transcriptAtCompaction[transcriptAtCompaction.length - 1];
  expect(trigger.role).toBe("assistant");
  expect(new Date(receipt.startedAt).getTime()).toBeGreaterThanOrEqual(new Date(trigger.createdAt).getTime());

  // Edit the cut message: the summary goes stale and the model sees the full transcript.
  const edit = await request.patch(`/api/threads/${id}/messages/${ctx.summary.cutMessageId}`, {
    data: { text: "Keep the CLI output, but add --json." },
  });
  expect(edit.status()).toBe(200);
  const edited = (await edit.json()).message;
  expect(edited.id).not.toBe(ctx.summary.cutMessageId);
  const stale = await (await request.get(`/api/threads/${id}/context`)).json();
  expect(stale.summaryStale).toBe(true);
  expect(stale.recentSpan).toBeNull();
  expect(stale.tokens.summary).toBe(0);

  // Regenerating the reply to the edited message uses the full transcript.
  const regen = await request.post("/api/chat", { data: { id, trigger: "regenerate-message", messageId: edited.id } });
  expect(regen.status()).toBe(200);
  await regen.text();
  const after = await (await request.get(`/api/threads/${id}/context`)).json();
  expect(after.lastCall.summaryApplied).toBe(false);
  expect(after.lastCall.summarySkippedReason).toMatch(/stale/);
});

test("edit and retry validate their targets", async ({ request }) => {
  const { id } = await (await request.post("/api/threads")).json();
  await send(request, id, "hello");
  const [user, assistant] = await allMessages(request, id);
  expect((await request.patch(`/api/threads/${id}/messages/${assistant.id}`, { data: { text: "x" } })).status()).toBe(400);
  expect((await request.patch(`/api/threads/${id}/messages/${user.id}`, { data: { text: "" } })).status()).toBe(400);
  expect((await request.patch(`/api/threads/${id}/messages/nosuch`, { data: { text: "x" } })).status()).toBe(404);
  const retry = await request.post(`/api/threads/${id}/messages/${assistant.id}/retry`);
  expect(retry.status()).toBe(200);
  await retry.text();
  const live = await allMessages(request, id);
  expect(live).toHaveLength(2);
  expect(live[1].id).not.toBe(assistant.id);
});
