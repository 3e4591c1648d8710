"use client";

import { diffLines } from "diff";
import { useMemo, useState } from "react";

type DiffViewProps = {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
  testId?: string;
};

type Line = { kind: "added" | "removed" | "same"; text: string };
type Block = { kind: "lines"; lines: Line[] } | { kind: "folded"; lines: Line[] };

/** Unchanged runs longer than this fold away, keeping CONTEXT lines next to each change. */
const FOLD_AT = 8;
const CONTEXT = 3;

function toLines(before: string, after: string): Line[] {
  return diffLines(before, after).flatMap((change) => {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    const text = change.value.endsWith("\n") ? change.value.slice(0, -1) : change.value;
    return text.split("\n").map((t) => ({ kind, text: t }) as Line);
  });
}

function fold(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    let j = i;
    while (j < lines.length && lines[j].kind === "same") j++;
    const run = lines.slice(i, j);
    if (run.length > FOLD_AT) {
      const keepHead = i === 0 ? 0 : CONTEXT;
      const keepTail = j === lines.length ? 0 : CONTEXT;
      blocks.push({ kind: "lines", lines: run.slice(0, keepHead) });
      blocks.push({ kind: "folded", lines: run.slice(keepHead, run.length - keepTail) });
      blocks.push({ kind: "lines", lines: run.slice(run.length - keepTail) });
    } else if (run.length) {
      blocks.push({ kind: "lines", lines: run });
    }
    let k = j;
    while (k < lines.length && lines[k].kind !== "same") k++;
    if (k > j) blocks.push({ kind: "lines", lines: lines.slice(j, k) });
    i = k;
  }
  return blocks;
}

const STYLE: Record<Line["kind"], { sign: string; className: string }> = {
  added: { sign: "+", className: "bg-emerald-50 text-emerald-900" },
  removed: { sign: "−", className: "bg-red-50 text-red-900" },
  same: { sign: " ", className: "text-neutral-700" },
};

/** A line diff from `before` to `after`: removed lines red, added lines green. */
export function DiffView({ before, after, beforeLabel, afterLabel, testId = "diff-view" }: DiffViewProps) {
  const blocks = useMemo(() => fold(toLines(before, after)), [before, after]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const identical = before === after;

  return (
    <div data-testid={testId} className="flex min-h-0 flex-col">
      <p className="flex flex-wrap gap-x-3 gap-y-1 border-b border-neutral-200 px-3 py-1.5 text-xs text-neutral-600">
        <span>
          <span className="rounded bg-red-100 px-1 font-mono text-red-800">−</span> only in {beforeLabel}
        </span>
        <span>
          <span className="rounded bg-emerald-100 px-1 font-mono text-emerald-800">+</span> only in {afterLabel}
        </span>
      </p>
      {identical ? (
        <p className="px-3 py-2 text-xs text-neutral-500">
          No differences: {beforeLabel} and {afterLabel} are identical.
        </p>
      ) : (
        <pre className="min-h-0 flex-1 overflow-auto py-1 font-mono text-xs leading-5">
          {blocks.map((block, b) =>
            block.kind === "folded" && !expanded.has(b) ? (
              <button
                key={b}
                type="button"
                onClick={() => setExpanded((prev) => new Set(prev).add(b))}
                className="block w-full bg-neutral-100 px-3 text-left text-neutral-500 hover:bg-neutral-200"
              >
                ⋯ {block.lines.length} unchanged lines (show)
              </button>
            ) : (
              block.lines.map((line, l) => (
                <div key={`${b}-${l}`} data-diff={line.kind} className={`px-3 whitespace-pre-wrap ${STYLE[line.kind].className}`}>
                  <span aria-hidden className="mr-2 inline-block w-2 select-none">
                    {STYLE[line.kind].sign}
                  </span>
                  {line.kind !== "same" && <span className="sr-only">{line.kind === "added" ? "added: " : "removed: "}</span>}
                  {line.text || " "}
                </div>
              ))
            ),
          )}
        </pre>
      )}
    </div>
  );
}
