/*
 * The offline model's email directive (pure): a line `email <to>`, the next non-blank line
 * `subject: <subject>`, then a fenced block with the markdown body. It becomes a send_email tool
 * call, so the whole path (tool, ledger, transport) can be driven without a real model.
 */
import { readBlocks, type Directive } from "./directives";

export type EmailParse = { directive: Directive | null; problem: string | null; next: number };

const EMAIL_LINE = /^email\s+(\S+@\S+)$/i;
const SUBJECT_LINE = /^subject:\s*(.+)$/i;

/** `line` is lines[from - 1], already trimmed; null when it is not an email directive. */
export function parseEmailDirective(line: string, lines: string[], from: number): EmailParse | null {
  const m = EMAIL_LINE.exec(line);
  if (!m) return null;
  const to = m[1].replace(/^<(.+)>$/, "$1");
  let i = from;
  while (i < lines.length && lines[i].trim() === "") i++;
  const subject = i < lines.length ? SUBJECT_LINE.exec(lines[i].trim()) : null;
  if (!subject) return { directive: null, problem: `\`email ${to}\` ignored: expected a \`subject: …\` line after it.`, next: from };
  const body = readBlocks(lines, i + 1, 1);
  if (!body)
    return {
      directive: null,
      problem: `\`email ${to}\` ignored: expected a fenced code block with the body after the subject.`,
      next: i + 1,
    };
  return {
    directive: { kind: "tool", toolName: "send_email", input: { to, subject: subject[1].trim(), body: body.contents[0] } },
    problem: null,
    next: body.next,
  };
}
