/*
 * The offline model's titles (pure): the registry's "titler" instance answers a title request
 * (lib/ai/prompts.ts, the conversation in the summarizer's tags) with a short plain title made from
 * the person's first message by one general rule: its directives and markdown dropped, its first
 * sentence without the request's opening ("Could you please help me ..."), at most seven words,
 * ending on a word that carries meaning. A message that is only directives is titled by what the
 * first one does ("Write plan.md").
 */

import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { plainText } from "@/lib/context/plain-title";
import { parseDirectives, type Directive } from "./directives";
import { messageText } from "./serialize";
import { parseSummarizerInput } from "./summarizer-protocol";

const MAX_WORDS = 7;

// Greetings and the ways a request starts, which say nothing about what the chat is about.
const GREETING = /^(?:hi|hello|hey)(?: there)?[,!.]?\s+/i;
const OPENING =
  /^(?:please\s+)?(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:help me(?: to)?\s+|i (?:want|need|would like|'d like)(?: you)? to\s+|let'?s\s+)?/i;

// Words a title should not end on ("Plan the migration of" reads as cut off).
const TRAILING = new Set(
  "a an the of to for and or but in on at with by from into about as is are be my our your their this that these those me us it".split(" "),
);

/** The title the offline model gives a title request; "" when the first message has no words. */
export function titleReply(prompt: LanguageModelV4Prompt): string {
  const lastUser = [...prompt].reverse().find((m) => m.role === "user");
  const input = lastUser ? parseSummarizerInput(messageText(lastUser)) : null;
  const first = input?.messages.find((m) => m.role === "user");
  return first ? (offlineTitle(first.text) ?? "") : "";
}

/** The rule itself, on the first message's text; null when it has neither prose nor a directive. */
function offlineTitle(message: string): string | null {
  const { directives, prose } = parseDirectives(message);
  const sentence = firstSentence(plainText(prose.join("\n")).replace(GREETING, "")).replace(OPENING, "");
  const words = sentence.split(" ").filter((w) => /[\p{L}\p{N}]/u.test(w));
  const kept = words.slice(0, MAX_WORDS);
  while (kept.length > 1 && TRAILING.has(kept[kept.length - 1].toLowerCase())) kept.pop();
  const title = kept.join(" ").replace(/[.,;:!?…]+$/, "") || (directives[0] ? describe(directives[0]) : "");
  return title ? title[0].toUpperCase() + title.slice(1) : null;
}

function firstSentence(text: string): string {
  return text.split(/(?<=[.!?])\s+/)[0]?.trim() ?? "";
}

function describe(d: Directive): string {
  switch (d.kind) {
    case "tool":
      if (d.toolName === "send_email") return `Email about ${d.input.subject}`;
      if (d.toolName === "search_history") return `Recall ${d.input.query}`;
      if (d.toolName === "list_files") return "List files";
      return `${d.toolName.replace(/_file$/, "")} ${d.input.path}`;
    case "call":
      return `Call ${d.toolName}`;
    case "echo":
      return "Echo input";
    case "long":
      return `${d.lines}-line reply`;
    case "fail":
      return "A failing request";
    case "overflow":
      return "A context overflow";
  }
}
