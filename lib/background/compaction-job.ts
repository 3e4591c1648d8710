import "server-only";
import { config, type Config } from "@/lib/config";
import { runCompaction } from "@/lib/compaction/run";
import { ownOrigin } from "@/lib/http/own-origin";
import type { CompactionTrigger } from "@/lib/compaction/trigger";
import { signJob, SIGNATURE_HEADER } from "./job-signature";

export const COMPACTION_JOB_PATH = "/api/jobs/compaction";
// The job route answers 202 before it starts; a slower answer means it is not there to take it.
const HANDOFF_TIMEOUT_MS = 15_000;

export type CompactionJob = { threadId: string; trigger: CompactionTrigger };

/**
 * Whether a compaction gets an invocation of its own. "own": the app asks itself, over HTTP, to
 * run it (POST /api/jobs/compaction, signed with CRON_SECRET), so on a serverless host it gets a
 * function and a maxDuration of its own instead of what the reply left over. "reply": it runs in
 * the process that asked (a long-lived server has no budget to share). "auto" is "own" whenever
 * CRON_SECRET is set, which a serverless deployment needs for its crons anyway.
 */
export function ownInvocation(c: Pick<Config, "COMPACTION_INVOCATION" | "CRON_SECRET">): boolean {
  return c.COMPACTION_INVOCATION === "own" || (c.COMPACTION_INVOCATION === "auto" && !!c.CRON_SECRET);
}

/**
 * Starts one compaction where it belongs: at APP_URL, else at `origin`, the app's own origin for the
 * calling request (lib/http/own-origin.ts: never its Host header, or a client could have the signed
 * job sent to a host of its choosing); without either (a routine run, a script) the compaction runs
 * here. When the handoff fails (the route unreachable, a deployment protection answering 401) it
 * runs here too, and says so: the thread's lease still keeps it single, and a failure is retried at
 * the next crossing.
 */
export async function startCompaction(job: CompactionJob, origin?: string): Promise<void> {
  const c = config();
  const base = ownOrigin() ?? origin;
  if (!base || !ownInvocation(c) || !c.CRON_SECRET) {
    await runCompaction(job.threadId, job.trigger);
    return;
  }
  const problem = await handOff(job, new URL(COMPACTION_JOB_PATH, base).toString(), c.CRON_SECRET);
  if (!problem) return;
  console.warn(`[compaction] could not hand thread ${job.threadId} to its own invocation (${problem}); running it here`);
  await runCompaction(job.threadId, job.trigger);
}

/** null when the job route accepted the job; otherwise what went wrong. */
async function handOff(job: CompactionJob, url: string, secret: string): Promise<string | null> {
  const body = JSON.stringify(job);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signJob(secret, { path: new URL(url).pathname, body }) },
      body,
      signal: AbortSignal.timeout(HANDOFF_TIMEOUT_MS),
    });
    await res.body?.cancel();
    // 409: a copy of this very request was accepted first (the nonce is single-use), so the job runs once already.
    return res.status === 202 || res.status === 409 ? null : `HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
