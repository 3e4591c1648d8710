"use client";

import { useState } from "react";
import { foldLongValues, prettyJson } from "@/lib/words/fold-json";

/** A tool call's arguments and result as stored, folded under its words: pretty JSON, long values folded until asked for. */
export function ToolRawData({ input, result, resultLabel }: { input: unknown; result: unknown; resultLabel: string }) {
  const [unfolded, setUnfolded] = useState(false);
  const args = foldLongValues(input);
  const out = foldLongValues(result);
  const folded = args.folded + out.folded;
  return (
    <details className="mt-1 group" data-testid="tool-raw">
      <summary className="cursor-pointer rounded text-neutral-600 select-none hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600">
        Arguments and {resultLabel}
      </summary>
      <div className="mt-1 space-y-1">
        <RawBlock label="Arguments" text={prettyJson(unfolded ? input : args.value)} testId="tool-raw-input" />
        <RawBlock
          label={resultLabel[0].toUpperCase() + resultLabel.slice(1)}
          text={prettyJson(unfolded ? result : out.value)}
          testId="tool-raw-result"
        />
        {folded > 0 && (
          <button
            type="button"
            data-testid="tool-raw-unfold"
            aria-pressed={unfolded}
            onClick={() => setUnfolded((u) => !u)}
            className="rounded text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {unfolded ? "Fold long values" : `Show ${folded === 1 ? "the long value" : `all ${folded} long values`} in full`}
          </button>
        )}
      </div>
    </details>
  );
}

function RawBlock({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <figure>
      <figcaption className="text-[11px] font-medium text-neutral-600">{label}</figcaption>
      {/* Scrolls inside the card on a phone rather than widening the message. */}
      <pre
        data-testid={testId}
        tabIndex={0}
        className="max-h-72 overflow-auto rounded border border-neutral-200 bg-white p-2 font-mono text-[11px] leading-snug whitespace-pre text-neutral-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {text}
      </pre>
    </figure>
  );
}
