/**
 * A small digest of recent routine runs, built straight from transcripts.
 * Notes files carry intent between runs; the digest is a cheap backstop so a
 * correction like "Skip newsletters from now on" is seen even if the notes
 * missed it. The opening message of each run is the routine's own prompt and
 * is skipped, since it repeats every run and says nothing new.
 */

export type DigestMessage = { role: string; text: string };
/**
 * One run's slice of the transcript (from its start message to the next run's) and its final
 * reply: the run's own last reply before it finished, as the runtime recorded it. It is never taken
 * from the transcript, whose span also holds the answers to follow-ups written after the run ("Got
 * it."). null when the run recorded none (it failed or is still running).
 */
export type DigestRun = { messages: readonly DigestMessage[]; finalReply: string | null };

export type RunDigestOptions = {
  /** How many of the most recent runs to include. */
  runs?: number;
  replyChars?: number;
  followUpChars?: number;
  followUpsPerRun?: number;
};

const DEFAULTS: Required<RunDigestOptions> = {
  runs: 3,
  replyChars: 300,
  followUpChars: 200,
  followUpsPerRun: 4,
};

/** Returns "" when there is nothing to report, so callers can skip the block. */
export function runDigest(runs: readonly DigestRun[], opts: RunDigestOptions = {}): string {
  const o = { ...DEFAULTS, ...opts };
  const recent = o.runs > 0 ? runs.slice(-o.runs) : [];
  if (recent.length === 0) return "";

  const blocks = recent.map((run, i) => {
    const lines = [`### Run ${i + 1} of ${recent.length}${i === recent.length - 1 ? " (latest)" : ""}`];
    const followUps = userFollowUps(run.messages, o.followUpsPerRun);
    if (followUps.length > 0) {
      lines.push("User follow-ups:");
      for (const text of followUps) lines.push(`- ${excerpt(text, o.followUpChars)}`);
    }
    const reply = run.finalReply?.trim() ? run.finalReply : null;
    lines.push(reply === null ? "Final reply: (none)" : `Final reply: ${excerpt(reply, o.replyChars)}`);
    return lines.join("\n");
  });
  return ["## Recent runs (oldest first)", ...blocks].join("\n\n");
}

function userFollowUps(messages: readonly DigestMessage[], limit: number): string[] {
  if (limit <= 0) return [];
  const opening = messages.findIndex((m) => m.role === "user");
  const later = messages.slice(opening + 1).filter((m) => m.role === "user" && m.text.trim() !== "");
  // The latest follow-ups win because later corrections supersede earlier ones.
  return later.slice(-limit).map((m) => m.text);
}

/**
 * Whitespace is collapsed so each excerpt stays on one bullet line, and
 * truncation counts code points so emoji are never split into lone
 * surrogates. The result is at most `max` characters including the ellipsis.
 */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  if (max <= 0) return "";
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
