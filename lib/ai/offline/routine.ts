import type { LanguageModelV4Message, LanguageModelV4Prompt } from "@ai-sdk/provider";
import {
  digestFollowUps,
  instructionsInText,
  isNotesUpdateText,
  isRunStartText,
  notesInText,
  NOTES_PATH,
  routineNameInText,
} from "@/lib/context/run-text";
import { parseDirectives } from "./directives";
import { OFFLINE_NOTICE } from "./notice";
import { isStandingPreference, mergeNotes, oneLine, preferenceSentences, readNotesLists } from "./routine-notes";
import { messageText } from "./serialize";
import type { OfflineReply, OfflineToolCall } from "./respond";

/*
 * The offline model doing a routine, deterministically (README.md, "Routines"):
 * - a run-start message: reports the run, listing the notes it applied (and standing preferences
 *   from the digest's follow-ups), and the open items it picked up;
 * - the end-of-run request: writes every standing preference among the person's follow-ups and
 *   the open items into routine/notes.md (read_file, then write_file);
 * - a person's follow-up in a routine thread that states a standing preference: added to
 *   routine/notes.md right away, so the next run starts from it.
 * Anything else (or a follow-up with directives) is left to the ordinary offline replies.
 */
export function planRoutineReply(prompt: LanguageModelV4Prompt, offered: ReadonlySet<string>): OfflineReply | null {
  const last = prompt[prompt.length - 1];
  if (last?.role !== "user") return null;
  const text = messageText(last);
  if (isRunStartText(text)) return runReport(text, offered);
  const runStart = findLastIndex(prompt, (m) => m.role === "user" && isRunStartText(messageText(m)));
  if (runStart < 0) return null;
  if (isNotesUpdateText(text)) return notesUpdate(prompt, runStart, text, offered);
  if (isStandingPreference(text) && parseDirectives(text).directives.length === 0) return notePreference(prompt, text, offered);
  return null;
}

function runReport(text: string, offered: ReadonlySet<string>): OfflineReply {
  const { preferences, openItems } = readNotesLists(notesInText(text) ?? null);
  const known = new Set(preferences.map((p) => p.toLowerCase()));
  const fromDigest = digestFollowUps(text)
    .filter(isStandingPreference)
    .filter((f) => !known.has(f.toLowerCase()));
  const blocks = [
    OFFLINE_NOTICE,
    `Routine run "${routineNameInText(text)}". Instructions: "${oneLine(instructionsInText(text))}". As the offline model I cannot read mail or reach any service, so this report is what I did with what I was given.`,
    preferences.length
      ? `Notes applied (from ${NOTES_PATH}):\n${bullets(preferences)}`
      : `Notes applied: none (${NOTES_PATH} has no preferences yet).`,
  ];
  if (fromDigest.length) blocks.push(`Follow-ups from recent runs applied:\n${bullets(fromDigest)}`);
  if (openItems.length) blocks.push(`Open items picked up:\n${bullets(openItems)}`);
  // A `call <tool> <JSON>` line in the instructions is called, as in any message (README.md).
  const toolCalls = parseDirectives(instructionsInText(text)).directives.flatMap((d) =>
    d.kind === "call" && offered.has(d.toolName) ? [{ toolName: d.toolName, input: d.input }] : [],
  );
  if (toolCalls.length) blocks.push(`Calling ${toolCalls.map((c) => c.toolName).join(", ")} as the instructions say.`);
  return { text: blocks.join("\n\n"), toolCalls, pace: "normal" };
}

function notesUpdate(prompt: LanguageModelV4Prompt, runStart: number, text: string, offered: ReadonlySet<string>): OfflineReply {
  const current = notesInText(text) ?? null;
  const duringRun = personFollowUps(prompt.slice(runStart + 1, -1));
  const followUps = [...digestFollowUps(messageText(prompt[runStart]!)), ...duringRun];
  const preferences = followUps.filter(isStandingPreference).flatMap(preferenceSentences);
  const openItems = duringRun.filter((f) => !isStandingPreference(f)).map((f) => `Follow up: ${oneLine(f)}`);
  const next = mergeNotes(current, { preferences, openItems });
  if (current !== null && next === current) {
    return { text: `${OFFLINE_NOTICE}\n\n${NOTES_PATH} is up to date; nothing to change.`, toolCalls: [], pace: "normal" };
  }
  const what = [
    preferences.length ? `Standing preferences:\n${bullets(preferences)}` : "No new standing preferences.",
    openItems.length ? `Open items for the next run:\n${bullets(openItems)}` : "No new open items.",
  ];
  return writeNotes(`Updating ${NOTES_PATH} for the next run.\n\n${what.join("\n\n")}`, next, offered);
}

function notePreference(prompt: LanguageModelV4Prompt, text: string, offered: ReadonlySet<string>): OfflineReply {
  const base = latestNotes(prompt);
  const preferences = preferenceSentences(text);
  const next = mergeNotes(base, { preferences, openItems: [] });
  if (base !== null && next === base) {
    return { text: `${OFFLINE_NOTICE}\n\nAlready in ${NOTES_PATH}:\n${bullets(preferences)}`, toolCalls: [], pace: "normal" };
  }
  return writeNotes(`Noted for the next runs. Adding to ${NOTES_PATH}:\n${bullets(preferences)}`, next, offered);
}

/** read_file first: the workspace tools refuse to replace a file the agent has not read. */
function writeNotes(intro: string, content: string, offered: ReadonlySet<string>): OfflineReply {
  const toolCalls: OfflineToolCall[] = [];
  if (offered.has("read_file")) toolCalls.push({ toolName: "read_file", input: { path: NOTES_PATH } });
  if (offered.has("write_file")) toolCalls.push({ toolName: "write_file", input: { path: NOTES_PATH, content } });
  const tail = offered.has("write_file")
    ? `Calling read_file and write_file (${NOTES_PATH}).`
    : `write_file was not offered in this request, so ${NOTES_PATH} is unchanged.`;
  return { text: `${OFFLINE_NOTICE}\n\n${intro}\n\n${tail}`, toolCalls: offered.has("write_file") ? toolCalls : [], pace: "normal" };
}

/** The newest notes content visible in the prompt: a runtime message's copy or the agent's own write. */
function latestNotes(prompt: LanguageModelV4Prompt): string | null {
  let notes: string | null = null;
  for (const m of prompt) {
    if (m.role === "user") {
      const shown = notesInText(messageText(m));
      if (shown !== undefined) notes = shown;
    } else if (m.role === "assistant") {
      for (const p of m.content) {
        if (p.type !== "tool-call" || p.toolName !== "write_file") continue;
        const input = (typeof p.input === "string" ? safeJson(p.input) : p.input) as { path?: unknown; content?: unknown } | null;
        if (input?.path === NOTES_PATH && typeof input.content === "string") notes = input.content;
      }
    }
  }
  return notes;
}

function personFollowUps(messages: LanguageModelV4Message[]): string[] {
  return messages
    .filter((m) => m.role === "user")
    .map(messageText)
    .filter((t) => t.trim() !== "" && !isRunStartText(t) && !isNotesUpdateText(t));
}

function bullets(items: string[]): string {
  return items.map((i) => `- ${i}`).join("\n");
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (err instanceof SyntaxError) return null; // a tool input in plain text
    throw err;
  }
}
