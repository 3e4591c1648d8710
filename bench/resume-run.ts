// The resume harness's driver (used by `npm run bench -- resume` and its short version in
// tests/integration/resume): one run of the fixture task, uninterrupted or abandoned after k turns
// (or inside the send window) and continued in a fresh thread that gets only the goal.
import { runTurn } from "@/lib/chat/turn";
import { SimulatedCrash, setCrashHook } from "@/tests/support/crash-points";
import { sweepActions } from "@/lib/actions/sweep";
import { providerByName } from "@/lib/email/providers";
import { leaseDeadAfterMs } from "@/lib/jobs/lease";
import { db } from "@/lib/db/client";
import { createThread } from "@/lib/db/threads";
import { checkDone } from "./resume/done-check";
import { resumeDraft } from "@/lib/resume/draft";
import { buildFixture, GOAL, WORK_LINE } from "./resume/fixture";
import { getChatModel } from "@/lib/ai/registry";
import { writeFile } from "@/lib/workspace/store";

export type ResumePoint = "none" | "25%" | "50%" | "75%" | "send-window";
export type ResumeRow = {
  point: ResumePoint;
  finished: boolean;
  duplicateSends: number;
  redoneMigrations: number;
  toolCalls: number;
  inputTokens: number;
  unknownHandledAs: string;
};
export type ResumeRun = ResumeRow & { turns: number; interruptedAfter: number | null; threadIds: string[] };

// The `work` line switches on the work mode the offline model loads for this harness
// (resume/offline-behaviours.ts, registered by tests/support/work-mode.preload.mjs); a real model gets the
// goal and "Continue." as a person would type them.
const withWorkLine = (text: string) => (getChatModel().isOffline ? `${text}\n\n${WORK_LINE}` : text);

type Part = { type: string; input?: { path?: string; oldText?: string } };

async function turn(userId: string, threadId: string, text: string): Promise<void> {
  const t = await runTurn({ userId, threadId, start: { kind: "submit", parts: [{ type: "text", text }] } });
  await t.outcome;
}

async function done(workspaceId: string, n: number, fixture: ReturnType<typeof buildFixture>) {
  const files = await db().workspaceFile.findMany({ where: { workspaceId, deletedAt: null }, select: { path: true, content: true } });
  const sent = await db().outboxMessage.findMany({ where: { scope: `workspace:${workspaceId}` }, select: { to: true, subject: true } });
  return checkDone({
    n,
    files: new Map(files.map((f) => [f.path, f.content])),
    planPath: fixture.planPath,
    summaryTo: fixture.summaryTo,
    sent,
  });
}

/** A row still waiting for its outcome: the sweeper's scheduled pass settles it (time moved past its lease). */
async function sweepIfUnsettled(workspaceId: string): Promise<boolean> {
  const open = await db().actionLedger.count({ where: { scope: `workspace:${workspaceId}`, status: { in: ["started", "unknown"] } } });
  if (open === 0) return false;
  await sweepActions({ now: new Date(Date.now() + leaseDeadAfterMs() + 1_000), providerFor: providerByName });
  return true;
}

/**
 * `interruptAfter`: abandon the first thread after that many turns (null: never; "send-window":
 * when the summary send has reached the provider but its outcome is not recorded).
 */
export async function runResumeTask(opts: {
  userId: string;
  n: number;
  point: ResumePoint;
  interruptAfter: number | null;
  maxTurns?: number;
}): Promise<ResumeRun> {
  const { userId, n, point } = opts;
  const maxTurns = opts.maxTurns ?? n * 2 + 6;
  const fixture = buildFixture(n);
  const first = await createThread(userId, `Resume task (${point})`);
  for (const f of fixture.files)
    await writeFile(first.workspaceId, { path: f.path, content: f.content, baseVersion: null, author: "person" });

  let crashed = false;
  if (point === "send-window") {
    setCrashHook((p) => {
      if (p !== "after_provider_ack" || crashed) return;
      crashed = true;
      throw new SimulatedCrash(p);
    });
  }
  const threads = [first.id];
  let turns = 0;
  let interruptedAfter: number | null = null;
  let sawUnsettled = false;
  try {
    let current = first.id;
    let message = withWorkLine(GOAL);
    while (turns < maxTurns) {
      await turn(userId, current, message);
      turns++;
      message = withWorkLine("Continue.");
      // Checked before "finished": in the send window the provider has the email, yet the first
      // thread never learned it, so the work still moves to a fresh thread.
      const interrupt =
        current === first.id && (point === "send-window" ? crashed : opts.interruptAfter !== null && turns >= opts.interruptAfter);
      if (interrupt) {
        interruptedAfter = turns;
        const draft = await resumeDraft(userId, first.id);
        current = (await createThread(userId, `Resume task (${point}, continued)`, { workspaceOf: first.id })).id;
        threads.push(current);
        message = draft.message;
        continue;
      }
      if ((await done(first.workspaceId, n, fixture)).finished) break;
      if (current !== first.id && (await sweepIfUnsettled(first.workspaceId))) sawUnsettled = true;
    }
    if (await sweepIfUnsettled(first.workspaceId)) sawUnsettled = true;
  } finally {
    setCrashHook(null);
  }
  return {
    point,
    turns,
    interruptedAfter,
    threadIds: threads,
    ...(await measure(first.workspaceId, threads, n, fixture, point, sawUnsettled)),
  };
}

async function measure(
  workspaceId: string,
  threadIds: string[],
  n: number,
  fixture: ReturnType<typeof buildFixture>,
  point: ResumePoint,
  sawUnsettled: boolean,
) {
  const check = await done(workspaceId, n, fixture);
  const sent = await db().outboxMessage.findMany({ where: { scope: `workspace:${workspaceId}` }, select: { to: true, subject: true } });
  const perIntent = new Map<string, number>();
  for (const s of sent)
    perIntent.set(`${s.to.toLowerCase()}\n${s.subject}`, (perIntent.get(`${s.to.toLowerCase()}\n${s.subject}`) ?? 0) + 1);
  const duplicateSends = [...perIntent.values()].reduce((sum, c) => sum + c - 1, 0);

  const replies = await db().message.findMany({ where: { threadId: { in: threadIds }, role: "assistant" }, select: { parts: true } });
  const parts = replies.flatMap((r) => JSON.parse(r.parts) as Part[]).filter((p) => p.type.startsWith("tool-"));
  const sitePaths = new Set(fixture.callSites.map((s) => s.path));
  const editsPerSite = new Map<string, number>();
  for (const p of parts) {
    if (p.type !== "tool-edit_file" || !p.input?.path || !sitePaths.has(p.input.path)) continue;
    const symbol = /function\s+([\w$]+)/.exec(p.input.oldText ?? "")?.[1] ?? p.input.path;
    editsPerSite.set(symbol, (editsPerSite.get(symbol) ?? 0) + 1);
  }
  const redoneMigrations = [...editsPerSite.values()].reduce((sum, c) => sum + c - 1, 0);
  const calls = await db().modelCall.findMany({ where: { threadId: { in: threadIds }, kind: "chat" }, select: { inputTokens: true } });
  const inputTokens = calls.reduce((sum, c) => sum + (c.inputTokens ?? 0), 0);
  return {
    finished: check.finished,
    duplicateSends,
    redoneMigrations,
    toolCalls: parts.length,
    inputTokens,
    unknownHandledAs: point === "send-window" ? await unknownHandling(workspaceId, sawUnsettled, duplicateSends) : "n/a",
  };
}

/** How the send whose outcome was not recorded ended: reconciled, asked, or (never) re-sent blindly. */
async function unknownHandling(workspaceId: string, waited: boolean, duplicates: number): Promise<string> {
  if (duplicates > 0) return "re-sent (duplicate)";
  const row = await db().actionLedger.findFirst({
    where: { scope: `workspace:${workspaceId}`, type: "send_email" },
    orderBy: { createdAt: "asc" },
  });
  if (!row) return "no send recorded";
  const how =
    row.status === "needs_human" ? "asked a person" : row.status === "succeeded" ? `reconciled (${row.learnedBy ?? "?"})` : row.status;
  return waited ? `not re-sent; ${how}` : how;
}
