import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { runDigest } from "@/lib/context";
import { notesUpdateText } from "@/lib/context/run-text";
import { buildRunDigest } from "@/lib/routines/digest";
import { newRoutine } from "./support/routine-helpers";

// The digest a run starts with reads the routine's earlier runs from the thread's transcript.
describe.each(testDatabases())("the run digest from the transcript on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  it("splits at run starts and leaves out the notes request and its replies", async () => {
    const r = await newRoutine(userId);
    const transcript = [
      { key: "a", role: "user", text: "before any run" },
      { key: "s1", role: "user", text: "[Routine run] x", runStart: true },
      { key: "r1", role: "assistant", text: "report 1" },
      { key: "n1", role: "user", text: "Update the notes for the next run." }, // known as the run's recorded notes request
      { key: "w1", role: "assistant", text: "wrote notes" },
      { key: "f1", role: "user", text: "Skip newsletters" },
      { key: "s2", role: "user", text: "[Routine run] x", runStart: true },
      { key: "n2", role: "user", text: notesUpdateText(null) }, // known by its text alone
      { key: "w2", role: "assistant", text: "write_file ok" },
      { key: "f2", role: "user", text: "Keep it short" },
    ];
    const ids = new Map<string, string>();
    for (const [i, m] of transcript.entries()) {
      const row = await env.db.message.create({
        data: { threadId: r.threadId, seq: i + 1, role: m.role, parts: "[]", text: m.text, tokens: 1, runStart: m.runStart ?? false },
      });
      ids.set(m.key, row.id);
    }
    const run = (n: number, start: string, over: { notesMessageId?: string; finalReply?: string }) =>
      env.db.routineRun.create({
        data: {
          routineId: r.id,
          scheduledFor: new Date(Date.UTC(2026, 0, n)),
          trigger: "manual",
          status: "succeeded",
          startMessageId: ids.get(start)!,
          createdAt: new Date(Date.UTC(2026, 0, n)),
          ...over,
        },
      });
    await run(1, "s1", { notesMessageId: ids.get("n1")!, finalReply: "report 1" });
    await run(2, "s2", {});

    // The final reply is the run's recorded one; a run that recorded none has none.
    expect(await buildRunDigest(r.id, r.threadId)).toBe(
      runDigest(
        [
          {
            messages: [
              { role: "user", text: "[Routine run] x" },
              { role: "assistant", text: "report 1" },
              { role: "user", text: "Skip newsletters" },
            ],
            finalReply: "report 1",
          },
          {
            messages: [
              { role: "user", text: "[Routine run] x" },
              { role: "user", text: "Keep it short" },
            ],
            finalReply: null,
          },
        ],
        { runs: 3 },
      ),
    );
  });
});
