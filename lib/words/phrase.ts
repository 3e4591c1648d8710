/*
 * A sentence shown to a person, with the names in it (paths, addresses, queries) marked so the page
 * sets them in code type. Kept as segments rather than Markdown: a path may hold a backtick.
 */

export type CodeSpan = { code: string };
export type Phrase = ReadonlyArray<string | CodeSpan>;

export const code = (text: string): CodeSpan => ({ code: text });

/** `phrase\`Wrote ${code(path)}, 14 lines\`` — strings and numbers join the text, code spans stay marked. */
export function phrase(strings: TemplateStringsArray, ...values: Array<string | number | CodeSpan | Phrase>): Phrase {
  const out: Array<string | CodeSpan> = [];
  const push = (v: string | CodeSpan) => {
    if (typeof v !== "string") return void out.push(v);
    if (v === "") return;
    const last = out[out.length - 1];
    if (typeof last === "string") out[out.length - 1] = last + v;
    else out.push(v);
  };
  strings.forEach((s, i) => {
    push(s);
    if (i >= values.length) return;
    const v = values[i];
    if (Array.isArray(v)) (v as Phrase).forEach(push);
    else push(typeof v === "number" ? String(v) : (v as string | CodeSpan));
  });
  return out;
}

/** The phrase as plain text, code spans in backticks: for an accessible name, a title or a test. */
export function plainText(p: Phrase): string {
  return p.map((s) => (typeof s === "string" ? s : `\`${s.code}\``)).join("");
}

/** "1 line", "14 lines". */
export function count(n: number, one: string, many = `${one}s`): string {
  // Not toLocaleString: a page's first Intl call is slow (components/ui/format-count.ts).
  return `${String(n).replace(/\B(?=(\d{3})+$)/g, ",")} ${n === 1 ? one : many}`;
}

/** Lines of a text as a person counts them: a trailing line break ends the last line, it starts none. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.replace(/\r?\n$/, "").split(/\r?\n/).length;
}
