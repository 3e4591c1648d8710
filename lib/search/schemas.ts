import { z } from "zod";
import { queryInt } from "@/lib/http/schemas";
import { MAX_INT32, storableString } from "@/lib/http/safe-text";
import { MAX_QUERY_CHARS } from "./query";

/** GET /api/search and /api/threads/:id/search: a 400 names the bad parameter. */
export const searchQuerySchema = z.object({
  q: storableString()
    .refine((s) => s.trim().length > 0, "must not be empty")
    .refine((s) => s.length <= MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`),
  limit: queryInt(1, 50).default(20),
  cursor: z.string().max(200).optional(),
  // The audit trail: rows an edit or retry removed from the live transcript.
  deleted: z.enum(["0", "1"]).default("0"),
  // A seq range (thread search only): the span a compaction summarized.
  from: queryInt(1, MAX_INT32).optional(),
  to: queryInt(1, MAX_INT32).optional(),
});
