import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedConversation } from "../support/seed";
import { completeTurn, textStart } from "../support/turns";
import { inspectContext } from "@/lib/chat/inspect";
import { runCompaction } from "@/lib/compaction/run";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { listFiles, readFile } from "@/lib/workspace/store";

// A detail that exists only before the cut: no name, no decision or to-do cue, so the extractive
// offline summarizer drops it, and no workspace file holds it.
const DETAIL = "Yesterday the vending machine on floor three swallowed 4312 coins before lunch.";

const FILLER: Array<["user" | "assistant", string]> = [
  ["user", "We migrate the account callers this week."],
  ["assistant", "Good, I will start with the API."],
  ["user", DETAIL],
  ["assistant", "That sounds annoying."],
  ["user", "Now move callers from `getAccount` to `loadAccount` in src/api/accounts.ts."],
  ["assistant", "Done: src/api/accounts.ts calls loadAccount now. I wrote the plan to migration.md."],
  ["user", "Keep the CLI output unchanged while you migrate the rest."],
  ["assistant", "I will keep the formatter as it is and go on with the jobs folder."],
  ["user", "Continue with src/jobs/reconcile.ts next, please."],
];

describe.each(testDatabases())("the agent recalls what compaction dropped, on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    Object.assign(process.env, { CONTEXT_RECENT_TOKENS: "40", COMPACT_AT_INPUT_TOKENS: "100", OFFLINE_DELAY_MS: "0" });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.CONTEXT_RECENT_TOKENS;
    delete process.env.COMPACT_AT_INPUT_TOKENS;
    resetConfigForTests();
    await env?.drop();
  });

  it("finds the detail through search_history after compaction and quotes it exactly", async () => {
    const t = await createThread(userId);
    const seeded = await seedConversation(t.id, FILLER);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    const cut = seeded.find((m) => m.id === summary.cutMessageId)!;
    expect(cut.seq).toBeGreaterThan(seeded[2].seq);
    expect(summary.text).not.toContain("4312");
    // The receipt names the summarized span by seq, so the page can open and search it.
    const inspected = await inspectContext(t.id, { includeInput: false });
    expect(inspected.summary?.receipt).toMatchObject({ spanFirstSeq: seeded[0].seq, spanLastSeq: cut.seq - 1 });
    for (const f of await listFiles(t.workspaceId)) expect((await readFile(t.workspaceId, f.path)).content).not.toContain("4312");

    const { outcome } = await completeTurn(
      userId,
      t.id,
      textStart("How many coins did the machine swallow?\nrecall vending machine coins"),
    );
    expect(outcome.status).toBe("complete");
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: outcome.assistantMessageId } });
    expect(reply.text).toContain(`> ${DETAIL}`);
    expect(reply.text).toContain(`message ${seeded[2].seq} (user)`);
    const tools = (JSON.parse(reply.parts) as Array<{ type: string; input?: unknown }>).filter((p) => p.type.startsWith("tool-"));
    expect(tools.map((p) => p.type)).toEqual(["tool-search_history", "tool-read_messages"]);
    expect(tools[1].input).toEqual({ ids: [seeded[2].id] });

    // The model never had the detail in its input until the recall: the first request lacks it,
    // and the recall's results count against the input of the steps after it.
    const calls = await env.db.modelCall.findMany({
      where: { messageId: outcome.assistantMessageId, kind: "chat" },
      orderBy: { createdAt: "asc" },
    });
    expect(calls).toHaveLength(3);
    expect(calls[0].summaryApplied).toBe(true);
    expect(calls[0].input).not.toContain("4312");
    expect(calls[2].inputTokens!).toBeGreaterThan(calls[0].inputTokens! + 20);

    // The inspector lists the recalls.
    const { recalls } = await inspectContext(t.id, { includeInput: false });
    expect(recalls.map((r) => [r.tool, r.query, r.messageIds[0]])).toEqual([
      ["read_messages", null, seeded[2].id],
      ["search_history", "vending machine coins", seeded[2].id],
    ]);
  });

  it("says so when nothing matches, and never finds the question it is answering", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, FILLER.slice(4));
    const { outcome } = await completeTurn(userId, t.id, textStart("recall quokka sightings"));
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: outcome.assistantMessageId } });
    expect(reply.text).toContain(`Nothing in this thread's stored history matches "quokka sightings".`);
  });
});
