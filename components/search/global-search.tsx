"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SearchResults } from "./search-results";
import { showHitBranch } from "./show-hit-branch";
import { useSearch } from "./use-search";

/** Search across all of the person's chats; a hit opens its thread at that message. */
export function GlobalSearch() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [q, setQ] = useState("");
  const search = useSearch(q);
  return (
    <div role="search" aria-label="Search all chats" className="px-3 pb-2" onKeyDown={(e) => e.key === "Escape" && setQ("")}>
      <input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-label="Search all chats"
        placeholder="Search all chats"
        maxLength={500}
        data-testid="global-search-input"
        className="w-full rounded border border-neutral-300 bg-white px-2 py-1 text-sm"
      />
      <div className="mt-1 max-h-72 overflow-y-auto">
        <SearchResults
          q={q}
          results={search.data?.results}
          loading={search.isFetching}
          error={search.error}
          showThread
          onChoose={async (hit) => {
            const failed = await showHitBranch(queryClient, hit);
            if (!failed) router.push(`/t/${encodeURIComponent(hit.threadId)}?seq=${hit.seq}&m=${encodeURIComponent(hit.messageId)}`);
            return failed;
          }}
        />
      </div>
    </div>
  );
}
