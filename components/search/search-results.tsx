import { useState } from "react";
import { readableError } from "@/components/api/api-error";
import type { ApiSearchResult } from "@/lib/api";
import { SnippetText } from "./snippet-text";

type SearchResultsProps = {
  q: string;
  results: ApiSearchResult[] | undefined;
  loading: boolean;
  error: unknown;
  showThread: boolean;
  /** Opens the hit; a rejection's words are shown under the results. */
  onChoose: (hit: ApiSearchResult) => Promise<string | null> | void;
};

/** The hits of a search (on every branch: a hit in another version says so), each a button that opens its message. */
export function SearchResults({ q, results, loading, error, showThread, onChoose }: SearchResultsProps) {
  const [openError, setOpenError] = useState<string | null>(null);
  if (!q.trim()) return null;
  if (error) return <p className="px-2 py-1 text-xs text-red-700">Search failed: {readableError(error)}</p>;
  if (!results) return <p className="px-2 py-1 text-xs text-neutral-500">{loading ? "Searching…" : ""}</p>;
  if (results.length === 0) return <p className="px-2 py-1 text-xs text-neutral-500">No messages match.</p>;
  return (
    <ul className="flex flex-col gap-0.5" aria-label="Search results" data-testid="search-results">
      {results.map((hit) => (
        <li key={hit.messageId}>
          <button
            type="button"
            onClick={async () => setOpenError((await onChoose(hit)) ?? null)}
            data-testid="search-result"
            className="w-full rounded px-2 py-1 text-left text-xs hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <span className="block text-[11px] text-neutral-500">
              {showThread ? `${hit.threadTitle} · ` : ""}#{hit.seq} · {hit.role} · {new Date(hit.createdAt).toLocaleString()}
              {hit.deleted && (
                <span data-testid="search-result-other-version" className="ml-1 rounded bg-neutral-200 px-1 text-neutral-800">
                  other version
                </span>
              )}
            </span>
            <span className="block break-words text-neutral-800">
              <SnippetText snippet={hit.snippet} />
            </span>
          </button>
        </li>
      ))}
      {openError && (
        <li role="alert" className="px-2 py-1 text-xs text-red-700">
          {openError}
        </li>
      )}
    </ul>
  );
}
