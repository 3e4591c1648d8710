import type { ImportResult } from "@/lib/export/import";
import type { exportQuerySchema } from "@/lib/http/schemas";
import type { z } from "zod";

/** GET /api/threads/:id/export?format=…: "md" to read, "json" to import elsewhere. */
export type ExportFormat = NonNullable<z.input<typeof exportQuerySchema>["format"]>;

/** POST /api/import: 201 with the new threads, or 200 with `duplicate: true` and the threads an earlier import of the same file made. */
export type ImportResponse = ImportResult;
