import type { SearchPage, SearchResult } from "@/lib/search/search";
import type { Wire } from "./wire";

/** One hit of GET /api/search or /api/threads/:id/search. `snippet` is escaped HTML with <mark> only. */
export type ApiSearchResult = Wire<SearchResult>;
export type ApiSearchPage = { results: ApiSearchResult[]; nextCursor: SearchPage["nextCursor"] };
