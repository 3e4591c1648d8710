import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { extractNames } from "./extract";
import { FIXED_REPLY_PATTERN, OFFLINE_NOTICE } from "./notice";
import { messageText } from "./serialize";
import { parseSummarizerInput, parseSummarySections, type SummarizerInput, type SummarySection } from "./summarizer-protocol";

/*
 * Deterministic extractive summary, so compaction can be tested end to end without a real model.
 * It only copies: sentences and lines that match simple cues, and every name it can find.
 */

// Older list items are dropped first; names are never capped because losing an exact path is
// exactly the failure compaction must avoid.
const MAX_ITEMS = 40;
const MAX_ITEM_CHARS = 300;

const DECISION_RE = /\b(decided?|decides|decision|keep|use|must|should|don't|do not)\b/i;
const DONE_RE = /\[[xX]\]|\b(done|finished)\b/i;
const OPEN_RE = /\[ \]|\bTODO\b|\b(open|remaining)\b/i;

export function summarizeOffline(prompt: LanguageModelV4Prompt): string {
  const input = readInput(prompt);
  const prev = input.previousSummary ? parseSummarySections(input.previousSummary) : {};
  const messages = input.messages.map((m) => ({
    role: m.role,
    ...splitCode(m.text.split(OFFLINE_NOTICE).join("").replace(FIXED_REPLY_PATTERN, "")),
  }));

  const proseLines = messages.flatMap((m) => m.prose.split(/\r?\n/).map(cleanLine).filter(Boolean));
  const decisions = proseLines.flatMap(sentences).filter((s) => DECISION_RE.test(s));
  const done = proseLines.filter((l) => DONE_RE.test(l) && !/\[ \]/.test(l));
  const doneKeys = new Set([...(prev.Done ?? []), ...done].map(itemKey));
  const open = [...(prev["Open items"] ?? []), ...proseLines.filter((l) => OPEN_RE.test(l) && !/\[[xX]\]/.test(l))];

  const found = messages.map((m) => {
    const prose = extractNames(m.prose);
    const code = extractNames(m.code);
    return { paths: [...prose.paths, ...code.paths], all: [...prose.all, ...code.urls, ...code.paths] };
  });
  const files = unique([...(prev["Files produced"] ?? []), ...found.flatMap((f) => f.paths)]);
  const names = unique([...(prev["Names and paths"] ?? []), ...found.flatMap((f) => f.all)]);

  const firstUser = messages.find((m) => m.role === "user" && m.prose.trim() !== "");
  const goal =
    prev.Goal?.join(" ") || (firstUser ? sentences(cleanLine(firstUser.prose.trim().split(/\r?\n/)[0]))[0] : "") || "(not stated yet)";

  const sections: [SummarySection, string[]][] = [
    ["Decisions", cap([...(prev.Decisions ?? []), ...decisions])],
    ["Files produced", files],
    ["Done", cap([...(prev.Done ?? []), ...done])],
    ["Open items", cap(open.filter((item) => !doneKeys.has(itemKey(item))))],
    ["Names and paths", names],
  ];
  const body = sections.map(([title, items]) => `## ${title}\n${items.length ? items.map((i) => `- ${i}`).join("\n") : "- (none)"}`);
  return [`## Goal\n${goal}`, ...body].join("\n\n");
}

/** Prefers the tagged format from buildSummarizerPrompt; falls back to the raw prompt messages. */
function readInput(prompt: LanguageModelV4Prompt): SummarizerInput {
  const users = prompt.filter((m) => m.role === "user");
  const tagged = users.length ? parseSummarizerInput(messageText(users[users.length - 1])) : null;
  if (tagged) return tagged;
  let previousSummary: string | null = null;
  const messages: SummarizerInput["messages"] = [];
  for (const message of prompt) {
    if (message.role === "system") continue;
    const text = messageText(message);
    if (previousSummary === null && /^##\s+Goal\s*$/m.test(text)) previousSummary = text;
    else messages.push({ role: message.role, text });
  }
  return { previousSummary, messages };
}

/** Code blocks are mined for paths and URLs only; their lines are not decisions or to-dos. */
function splitCode(text: string): { prose: string; code: string } {
  const prose: string[] = [];
  const code: string[] = [];
  let fence: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    else (fence === null ? prose : code).push(line);
  }
  return { prose: prose.join("\n"), code: code.join("\n") };
}

function cleanLine(line: string): string {
  const text = line
    .trim()
    .replace(/^(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/^#+\s+/, "");
  return text.length > MAX_ITEM_CHARS ? `${text.slice(0, MAX_ITEM_CHARS)}…` : text;
}

function sentences(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z`"'([])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function itemKey(item: string): string {
  return item
    .replace(/\[[ xX]\]\s*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function cap(items: string[]): string[] {
  return unique(items).slice(-MAX_ITEMS);
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
