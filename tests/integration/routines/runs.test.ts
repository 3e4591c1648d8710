import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { completeTurn, textStart } from "../support/turns";
import { echoedPrompt, seedSummary } from "../support/seed";
import { inspectContext } from "@/lib/chat/inspect";
import { runTurn } from "@/lib/chat/turn";
import { activeTurn } from "@/lib/chat/turn-lease";
import { countTokens } from "@/lib/ai/tokens";
import { excerpt } from "@/lib/context";
import { appendMessage } from "@/lib/db/messages";
import { readNotes } from "@/lib/routines/notes";
import { NOTES_PATH, notesUpdateText } from "@/lib/context/run-text";
import { messageText, newRoutine, replyTo, runOnce } from "./support/routine-helpers";

describe.each(testDatabases())("routine runs on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  it("opens with a run-start message (instructions, no digest, no notes yet) and records the notes update", async () => {
    const r = await newRoutine(userId);
    const run = await runOnce(env.db, r.id);
    expect(run).toMatchObject({ status: "succeeded", notesUpdated: true, error: null });
    const start = await env.db.message.findUniqueOrThrow({ where: { id: run.startMessageId! } });
    expect(start).toMatchObject({ role: "user", runStart: true, threadId: r.threadId });
    expect(start.text).toContain("Go through my inbox notes and send me a digest.");
    expect(start.text).toContain("(none yet: this is the first run)");
    expect(start.text).toContain(`(${NOTES_PATH} does not exist yet)`);
    expect(run.finalReply).toContain("Notes applied: none");
    const notes = await readNotes(r.workspaceId);
    expect(notes?.content).toContain("## Preferences");
    const version = await env.db.fileVersion.findFirstOrThrow({ where: { workspaceId: r.workspaceId, path: NOTES_PATH } });
    expect(version.author).toBe("agent");
  });

  it('carries "Skip newsletters from now on" from run 1 to run 2 through notes.md and the digest', async () => {
    const r = await newRoutine(userId, { name: "Newsletter triage" });
    await runOnce(env.db, r.id);
    const followUp = await completeTurn(userId, r.threadId, textStart("Skip newsletters from now on"));
    expect(followUp.outcome.status).toBe("complete");
    expect((await readNotes(r.workspaceId))?.content).toContain("- Skip newsletters from now on");

    const run2 = await runOnce(env.db, r.id);
    const start = await messageText(env.db, run2.startMessageId);
    expect(start).toMatch(/User follow-ups:\n- Skip newsletters from now on/);
    expect(start).toMatch(/## routine\/notes\.md\n`{4}markdown\n[\s\S]*- Skip newsletters from now on/);
    expect(run2.finalReply).toMatch(/Notes applied \(from routine\/notes\.md\):\n- Skip newsletters from now on/);
    expect(run2.notesUpdated).toBe(false); // nothing new to record: the end-of-run step said so
    expect(await replyTo(env.db, r.threadId, run2.notesMessageId)).toContain("is up to date");
  });

  it("the end-of-run step writes a standing preference it finds only in the digest", async () => {
    const r = await newRoutine(userId, { name: "End of run notes" });
    await runOnce(env.db, r.id);
    // A follow-up with a directive is answered as a directive, so the notes are not touched then.
    await completeTurn(userId, r.threadId, textStart("Never include promotions.\nwrite scratch.md\n```\nx\n```"));
    expect((await readNotes(r.workspaceId))?.content).not.toContain("promotions");
    const run2 = await runOnce(env.db, r.id);
    expect(run2).toMatchObject({ status: "succeeded", notesUpdated: true });
    expect(run2.finalReply).toMatch(/Follow-ups from recent runs applied:\n- Never include promotions\./);
    expect((await readNotes(r.workspaceId))?.content).toContain("- Never include promotions.");
  });

  it("digest of run 4 has runs 1-3 with their follow-ups; run 5's leaves run 1 out", async () => {
    const r = await newRoutine(userId, { name: "Digest window" });
    const runs = [];
    for (let k = 1; k <= 5; k++) {
      runs.push(await runOnce(env.db, r.id));
      await completeTurn(userId, r.threadId, textStart(`Please also look at item ${k}`));
    }
    const fourth = await messageText(env.db, runs[3]!.startMessageId);
    expect(fourth).toContain("### Run 1 of 3");
    expect(fourth).toContain("### Run 3 of 3 (latest)");
    for (const k of [1, 2, 3]) expect(fourth).toContain(`- Please also look at item ${k}`);
    expect(fourth).not.toContain("item 4");
    expect(fourth).not.toContain("[Routine end of run]"); // runtime bookkeeping is not a follow-up
    const fifth = await messageText(env.db, runs[4]!.startMessageId);
    for (const k of [2, 3, 4]) expect(fifth).toContain(`- Please also look at item ${k}`);
    expect(fifth).not.toContain("item 1");
    // Each run's final reply is its own report (recorded when it finished), neither the answer to
    // the notes request nor the answer to the follow-up written after it.
    expect(fifth).toContain(`Final reply: ${excerpt(runs[3]!.finalReply!, 300)}`);
    expect(fifth).not.toContain('You said: "Please also look at item 4"');
  });

  it('the article\'s example: run 1 reports "Summarised 12 emails", the person writes "Skip newsletters", the agent answers "Got it."', async () => {
    const r = await newRoutine(userId, { name: "Article example" });
    const text = (role: "user" | "assistant", t: string, runStart = false) =>
      appendMessage(r.threadId, { role, parts: [{ type: "text", text: t }], text: t, tokens: countTokens(t), runStart });
    const start = await text("user", "[Routine run] Inbox digest", true);
    await text("assistant", "Summarised 12 emails");
    const ask = await text("user", notesUpdateText(null));
    await text("assistant", "Notes are up to date.");
    await env.db.routineRun.create({
      data: {
        routineId: r.id,
        scheduledFor: new Date(Date.now() - 86_400_000),
        trigger: "scheduled",
        status: "succeeded",
        startMessageId: start.id,
        notesMessageId: ask.id,
        finalReply: "Summarised 12 emails",
        finishedAt: new Date(),
      },
    });
    await text("user", "Skip newsletters");
    await text("assistant", "Got it.");

    const run2 = await runOnce(env.db, r.id);
    const digest = await messageText(env.db, run2.startMessageId);
    expect(digest).toContain("Final reply: Summarised 12 emails");
    expect(digest).toMatch(/User follow-ups:\n- Skip newsletters/);
    expect(digest).not.toContain("Got it.");
    expect(digest).not.toContain("Notes are up to date.");
  });

  it("a run due while a person's reply streams in the routine's thread waits for it, then runs", async () => {
    const r = await newRoutine(userId, { name: "Waits" });
    const person = await runTurn({ userId, threadId: r.threadId, start: textStart("long 60") });
    // The run is asked for while the reply still holds the thread, so it has to wait for it.
    expect(await activeTurn(r.threadId)).not.toBeNull();
    const run = await runOnce(env.db, r.id);
    expect((await person.outcome).status).toBe("complete");
    expect(run.status).toBe("succeeded");
    const roles = (await env.db.message.findMany({ where: { threadId: r.threadId, deletedAt: null }, orderBy: { seq: "asc" } })).map(
      (m) => m.role,
    );
    for (let i = 0; i < roles.length; i++) expect(roles[i]).toBe(i % 2 === 0 ? "user" : "assistant");
  });

  it("a summary made in run 1 is not used in run 2, and the inspector says why", async () => {
    const r = await newRoutine(userId, { name: "Floor" });
    const run1 = await runOnce(env.db, r.id);
    const follow = await completeTurn(userId, r.threadId, textStart("What did you find?"));
    expect(follow.outcome.status).toBe("complete");
    const cut = await env.db.message.findFirstOrThrow({ where: { threadId: r.threadId, text: "What did you find?" } });
    await seedSummary(env.db, r.threadId, "## Goal\nRun 1 summary", cut.id, run1.startMessageId);
    const before = await inspectContext(r.threadId, { includeInput: false });
    expect(before).toMatchObject({ summaryStale: false, recentSpan: { cutMessageId: cut.id }, staleReason: null });
    // Inside run 1 the summary applies, and the run's start message stays verbatim ahead of it.
    const inRun = await completeTurn(userId, r.threadId, textStart("echo input"));
    const sent = echoedPrompt(inRun.outcome.text);
    const users = sent.messages.filter((m) => m.role === "user");
    expect(users[0].parts.map((p) => p.text).join("")).toBe(await messageText(env.db, run1.startMessageId));
    expect(users[1].parts[0].text).toContain("Run 1 summary");
    const withSummary = await env.db.modelCall.findFirstOrThrow({
      where: { threadId: r.threadId, kind: "chat" },
      orderBy: { createdAt: "desc" },
    });
    expect(withSummary).toMatchObject({ summaryApplied: true, cutMessageId: cut.id });

    const run2 = await runOnce(env.db, r.id);
    const after = await inspectContext(r.threadId, { includeInput: false });
    expect(after.summaryStale).toBe(true);
    expect(after.recentSpan).toBeNull();
    expect(after.staleReason).toContain("a new routine run started");
    expect(after.firstRetainedMessageId).toBe(run2.startMessageId);
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: r.threadId, kind: "chat" }, orderBy: { createdAt: "desc" } });
    expect(call.summaryApplied).toBe(false);
    expect(call.input).not.toContain("Run 1 summary");
  });
});
