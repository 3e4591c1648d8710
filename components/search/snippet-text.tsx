import { Fragment } from "react";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);

/**
 * A search snippet (escaped text with <mark> around matches) as React text nodes: the server
 * escapes it, and the page still never hands it to innerHTML.
 */
export function SnippetText({ snippet }: { snippet: string }) {
  const pieces = snippet.split(/<mark>|<\/mark>/);
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-inherit">
            {unescape(piece)}
          </mark>
        ) : (
          <Fragment key={i}>{unescape(piece)}</Fragment>
        ),
      )}
    </>
  );
}
