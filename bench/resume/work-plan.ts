/*
 * Pure reading of a plan file for the work mode (work-mode.ts, README.md): the checklist, the
 * rename it asks for and who gets the summary. Everything comes from the file's text, so the
 * model knows exactly what the workspace tells it and nothing more.
 */

export type PlanItem = { line: string; done: boolean; path: string; symbol: string };

export type Plan = {
  title: string;
  /** `from` → `to`, from a line like "Move callers from `loadAccount` to `getAccount`". */
  rename: { from: string; to: string } | null;
  summaryTo: string | null;
  items: PlanItem[];
};

const ITEM = /^\s*[-*]\s+\[( |x|X)\]\s+`([^`]+)`\s+\(`([^`]+)`\)/;
const RENAME = /from\s+`([A-Za-z_$][\w$]*)`\s+to\s+`([A-Za-z_$][\w$]*)`/i;
const SUMMARY_TO = /summary\s+to:?\s*<?([^\s<>]+@[^\s<>]+?)>?\.?$/i;

export function parsePlan(text: string): Plan {
  const lines = text.split(/\r?\n/);
  const heading = lines.find((l) => /^#\s+/.test(l));
  const title = heading ? heading.replace(/^#\s+/, "").trim() : "the plan";
  const renameLine = lines.map((l) => RENAME.exec(l)).find(Boolean);
  const summaryLine = lines.map((l) => SUMMARY_TO.exec(l.trim())).find(Boolean);
  const items: PlanItem[] = [];
  for (const line of lines) {
    const m = ITEM.exec(line);
    if (m) items.push({ line, done: m[1] !== " ", path: m[2], symbol: m[3] });
  }
  return {
    title,
    rename: renameLine ? { from: renameLine[1], to: renameLine[2] } : null,
    summaryTo: summaryLine ? summaryLine[1] : null,
    items,
  };
}

export function tickedLine(item: PlanItem): string {
  return item.line.replace(/\[ \]/, "[x]");
}

/**
 * The edit that moves `symbol`'s call from `from` to `to`: the passage from the function's
 * declaration to the call (unique, since it starts at the declaration). Null when the function
 * has no such call any more (already migrated), or cannot be found.
 */
export function callSiteEdit(
  content: string,
  symbol: string,
  rename: { from: string; to: string },
): { oldText: string; newText: string } | "migrated" | null {
  const decl = new RegExp(`function\\s+${escape(symbol)}\\b`).exec(content);
  if (!decl) return null;
  const rest = content.slice(decl.index);
  const nextDecl = /\n(?:export\s+)?(?:async\s+)?function\s/.exec(rest.slice(1));
  const body = nextDecl ? rest.slice(0, nextDecl.index + 1) : rest;
  const call = new RegExp(`\\b${escape(rename.from)}\\s*\\(`).exec(body);
  if (!call) return body.includes(`${rename.to}(`) ? "migrated" : null;
  const oldText = body.slice(0, call.index + rename.from.length);
  return { oldText, newText: oldText.slice(0, call.index) + rename.to };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
