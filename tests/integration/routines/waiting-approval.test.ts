import { describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { mcpTestBed } from "../support/mcp-settings";
import { completeTurn } from "../support/turns";
import type { MessagePart } from "@/lib/db/messages";
import { buildRunDigest } from "@/lib/routines/digest";
import { settleWaitingRuns } from "@/lib/routines/waiting";
import { newRoutine, runOnce } from "./support/routine-helpers";

// A routine run that reaches a tool call needing approval waits for the person (issue 38 item 2):
// recorded as "waiting", no end-of-run notes turn after it (the call stays the thread's last reply,
// so it can still be answered), the next run's digest says so; the person's answer runs the call
// once and settles the run.
describe.each(testDatabases())("a routine run waiting for an approval on $name", (target) => {
  const bed = mcpTestBed(target);
  const deletes = () => bed.web.calls.filter((c) => c === "delete_everything").length;

  it("waits, shows in the digest, and the person's answer runs the call once and settles the run", async () => {
    const r = await newRoutine(bed.userId, { name: "Cleaner", instructions: "Clean up the records.\ncall web__delete_everything {}" });
    const before = deletes();
    const run = await runOnce(bed.env.db, r.id);
    expect(run).toMatchObject({ status: "waiting", notesMessageId: null });
    expect(run.finalReply).toMatch(/^\[Stopped here, waiting for the person to approve a tool call\.\]/);
    expect(deletes()).toBe(before);
    const last = await bed.env.db.message.findFirstOrThrow({ where: { threadId: r.threadId, deletedAt: null }, orderBy: { seq: "desc" } });
    expect(last.role).toBe("assistant");
    const pending = (JSON.parse(last.parts) as Array<MessagePart & { state?: string; approval?: { id: string } }>).find(
      (p) => p.state === "approval-requested",
    );
    expect(pending?.approval?.id).toBeTruthy();
    expect(await buildRunDigest(r.id, r.threadId)).toContain("waiting for the person to approve a tool call");

    const { outcome } = await completeTurn(bed.userId, r.threadId, {
      kind: "approval",
      approvalId: pending!.approval!.id,
      decision: "allow_once",
    });
    await settleWaitingRuns(r.threadId, outcome);
    expect(deletes()).toBe(before + 1);
    const settled = await bed.env.db.routineRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(settled.status).toBe("succeeded");
    expect(settled.finalReply).toContain("web__delete_everything");
    expect(settled.finishedAt).not.toBeNull();
  });

  it("a run still waiting when the next run starts ends as failed, its call never run", async () => {
    const r = await newRoutine(bed.userId, { name: "Cleaner 2", instructions: "Clean up again.\ncall web__delete_everything {}" });
    const before = deletes();
    const first = await runOnce(bed.env.db, r.id, new Date(Date.now() - 60_000));
    expect(first.status).toBe("waiting");
    await runOnce(bed.env.db, r.id);
    expect(await bed.env.db.routineRun.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/before the next run started/),
    });
    expect(deletes()).toBe(before);
  });
});
