import type { ReactNode } from "react";
import type { Phrase } from "@/lib/words/phrase";

/**
 * A phrase from lib/words: names in code type. `linkCode` may turn one name into a link
 * (a tool card's file path opens the file in the workspace).
 */
export function PhraseText({ phrase, linkCode }: { phrase: Phrase; linkCode?: (code: string) => ReactNode | null }) {
  return (
    <>
      {phrase.map((segment, i) => {
        if (typeof segment === "string") return <span key={i}>{segment}</span>;
        const link = linkCode?.(segment.code);
        if (link) return <span key={i}>{link}</span>;
        return (
          <code key={i} className="rounded bg-neutral-200/60 px-1 font-mono text-[0.95em] break-all">
            {segment.code}
          </code>
        );
      })}
    </>
  );
}
