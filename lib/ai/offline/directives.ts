/*
 * Pure parser for the offline model's directives (see README.md). A directive is a whole line of
 * the last user message, so ordinary prose ("please read the plan") never triggers one, and lines
 * inside fenced code blocks are never directives.
 */

import { parseCallDirective } from "./call-directive";
import { parseEmailDirective } from "./email-directive";
import { RECALL_LINE } from "./recall";

export type FileToolName = "write_file" | "read_file" | "list_files" | "delete_file" | "edit_file";

export type Directive =
  | { kind: "tool"; toolName: FileToolName | "send_email" | "search_history"; input: Record<string, string> }
  | { kind: "call"; toolName: string; input: Record<string, unknown> }
  | { kind: "echo" }
  | { kind: "long"; lines: number }
  | { kind: "fail" }
  | { kind: "overflow"; once: boolean };

/** `prose`: the lines that are neither a directive, its blocks, nor a stray code block. */
export type ParsedDirectives = { directives: Directive[]; problems: string[]; prose: string[] };

/** Caps `long <n>` so a typo cannot stream for hours. */
const MAX_LONG_LINES = 1000;

const FENCE_OPEN = /^\s*(`{3,}|~{3,})[^`]*$/;

export function parseDirectives(text: string): ParsedDirectives {
  const lines = text.split(/\r?\n/);
  const directives: Directive[] = [];
  const problems: string[] = [];
  const prose: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i].trim();
    if (FENCE_OPEN.test(lines[i])) {
      i = readFence(lines, i)?.next ?? lines.length; // skip stray code blocks entirely
      continue;
    }
    i++;
    const simple = parseSimple(line);
    if (simple) {
      directives.push(simple);
      continue;
    }
    const call = parseCallDirective(line);
    if (call) {
      if (call.directive) directives.push(call.directive);
      if (call.problem) problems.push(call.problem);
      continue;
    }
    const email = parseEmailDirective(line, lines, i);
    if (email) {
      if (email.directive) directives.push(email.directive);
      if (email.problem) problems.push(email.problem);
      i = email.next;
      continue;
    }
    const m = /^(write|edit|read|delete)\s+(.+?):?$/i.exec(line);
    const path = m ? parsePath(m[2]) : null;
    if (!m || path === null) {
      prose.push(lines[i - 1]);
      continue;
    }
    const verb = m[1].toLowerCase();
    if (verb === "read") directives.push(tool("read_file", { path }));
    else if (verb === "delete") directives.push(tool("delete_file", { path }));
    else {
      const blocks = verb === "write" ? 1 : 2;
      const found = readBlocks(lines, i, blocks);
      if (!found) {
        problems.push(
          `\`${verb} ${path}\` ignored: expected ${blocks === 1 ? "a fenced code block" : "two fenced code blocks (old, new)"} after it.`,
        );
        continue;
      }
      i = found.next;
      directives.push(
        verb === "write"
          ? tool("write_file", { path, content: found.contents[0] })
          : tool("edit_file", { path, oldText: found.contents[0], newText: found.contents[1] }),
      );
    }
  }
  return { directives, problems, prose };
}

function parseSimple(line: string): Directive | null {
  const recall = RECALL_LINE.exec(line);
  if (recall) return { kind: "tool", toolName: "search_history", input: { query: recall[1].trim() } };
  const lower = line.toLowerCase().replace(/\s+/g, " ");
  if (lower === "list files") return tool("list_files", {});
  if (lower === "echo input") return { kind: "echo" };
  if (lower === "fail") return { kind: "fail" };
  if (lower === "overflow") return { kind: "overflow", once: false };
  if (lower === "overflow once") return { kind: "overflow", once: true };
  const long = /^long (\d{1,7})$/.exec(lower);
  if (long) return { kind: "long", lines: Math.max(1, Math.min(MAX_LONG_LINES, Number(long[1]))) };
  return null;
}

function tool(toolName: FileToolName, input: Record<string, string>): Directive {
  return { kind: "tool", toolName, input };
}

/** A bare path has no spaces; quotes or backticks allow spaces. Anything else is prose. */
function parsePath(raw: string): string | null {
  const s = raw.trim();
  const quoted = /^(["'`])(.+)\1$/.exec(s);
  if (quoted) return quoted[2];
  return /\s/.test(s) ? null : s;
}

/** `count` fenced blocks starting at line `from`, separated only by blank lines. */
export function readBlocks(lines: string[], from: number, count: number): { contents: string[]; next: number } | null {
  const contents: string[] = [];
  let i = from;
  for (let b = 0; b < count; b++) {
    while (i < lines.length && lines[i].trim() === "") i++;
    if (i >= lines.length || !FENCE_OPEN.test(lines[i])) return null;
    const fence = readFence(lines, i);
    if (!fence) return null;
    contents.push(fence.content);
    i = fence.next;
  }
  return { contents, next: i };
}

/** Content is the exact text between the fence lines, without a trailing newline. */
function readFence(lines: string[], open: number): { content: string; next: number } | null {
  const marker = /^\s*(`{3,}|~{3,})/.exec(lines[open])![1];
  const closing = new RegExp(`^\\s*${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`);
  for (let j = open + 1; j < lines.length; j++) {
    if (closing.test(lines[j])) return { content: lines.slice(open + 1, j).join("\n"), next: j + 1 };
  }
  return null;
}
