/*
 * The two runtime messages of a run, as text (pure). The run-start message opens every run (it is
 * the floor); the end-of-run message asks the agent to update its notes. Both are ordinary user
 * messages to the model, so any provider understands them; the markers let the offline model and
 * the digest recognize them.
 */

export const NOTES_PATH = "routine/notes.md";
export const RUN_START_MARKER = "[Routine run]";
export const NOTES_UPDATE_MARKER = "[Routine end of run]";

const NOTES_HEADING = `## ${NOTES_PATH}`;
const CURRENT_NOTES_HEADING = `## Current ${NOTES_PATH}`;
const NO_NOTES = `(${NOTES_PATH} does not exist yet)`;

export type RunStartInput = {
  name: string;
  instructions: string;
  scheduledFor: Date;
  trigger: "scheduled" | "catch_up" | "manual";
  /** runDigest(...) output, "" when there are no earlier runs. */
  digest: string;
  /** Current content of routine/notes.md, null when the file does not exist. */
  notes: string | null;
};

const TRIGGER_WORDS = { scheduled: "scheduled", catch_up: "catch-up for missed runs", manual: "started by hand" } as const;

export function runStartText(r: RunStartInput): string {
  return [
    `${RUN_START_MARKER} ${r.name} · ${r.scheduledFor.toISOString()} (${TRIGGER_WORDS[r.trigger]})`,
    `## Instructions\n${r.instructions.trim()}`,
    r.digest || "## Recent runs (oldest first)\n(none yet: this is the first run)",
    `${NOTES_HEADING}\n${notesBlock(r.notes)}`,
    `Start from the notes: apply the preferences they record and pick up their open items, then follow the instructions. Report what you did and which notes you applied.`,
  ].join("\n\n");
}

export function notesUpdateText(notes: string | null): string {
  return [
    `${NOTES_UPDATE_MARKER} Update ${NOTES_PATH} for the next run: record every standing preference the person stated (for example "from now on", "always", "never", "skip", "stop", "don't") and the open items left for the next run; drop what is done. Read the file before you write it. If nothing needs to change, say so.`,
    `${CURRENT_NOTES_HEADING}\n${notesBlock(notes)}`,
  ].join("\n\n");
}

export function isRunStartText(text: string): boolean {
  return text.startsWith(RUN_START_MARKER);
}

export function isNotesUpdateText(text: string): boolean {
  return text.startsWith(NOTES_UPDATE_MARKER);
}

/** A fence longer than any backtick run in the content, so the notes cannot close it early. */
function notesBlock(notes: string | null): string {
  if (notes === null) return NO_NOTES;
  const longest = Math.max(0, ...Array.from(notes.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(Math.max(4, longest + 1));
  return `${fence}markdown\n${notes}\n${fence}`;
}

/**
 * The notes shown in a run-start or end-of-run message: the content, null when the file did not
 * exist, undefined when the text carries no notes section.
 */
export function notesInText(text: string): string | null | undefined {
  const at = text.indexOf(isNotesUpdateText(text) ? CURRENT_NOTES_HEADING : NOTES_HEADING);
  if (at < 0) return undefined;
  const rest = text.slice(text.indexOf("\n", at) + 1);
  if (rest.startsWith(NO_NOTES)) return null;
  const open = /^(`{4,})markdown\n/.exec(rest);
  if (!open) return undefined;
  const body = rest.slice(open[0].length);
  const close = body.indexOf(`\n${open[1]}\n`) >= 0 ? body.indexOf(`\n${open[1]}\n`) : body.lastIndexOf(`\n${open[1]}`);
  return close < 0 ? undefined : body.slice(0, close);
}

/** The "## Instructions" section of a run-start message. */
export function instructionsInText(text: string): string {
  const m = /## Instructions\n([\s\S]*?)\n\n## /.exec(text);
  return m ? m[1]!.trim() : "";
}

/** The name on a run-start message's first line. */
export function routineNameInText(text: string): string {
  const first = text.split("\n", 1)[0] ?? "";
  return first
    .slice(RUN_START_MARKER.length)
    .replace(/ · .*$/, "")
    .trim();
}

/** The person's follow-ups listed in the digest of a run-start message, oldest first. */
export function digestFollowUps(text: string): string[] {
  const out: string[] = [];
  let inList = false;
  for (const line of text.split("\n")) {
    if (line === "User follow-ups:") inList = true;
    else if (inList && line.startsWith("- ")) out.push(line.slice(2));
    else inList = false;
    if (line.startsWith(NOTES_HEADING)) break;
  }
  return out;
}
