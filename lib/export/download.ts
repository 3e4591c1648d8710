/*
 * A file the browser saves, never shows: Content-Disposition attachment with a name made safe for
 * every file system (and the exact title as RFC 5987 filename*), the type with its charset, and
 * nosniff so no browser reads the bytes as something else (an export holds what a model wrote,
 * which may be HTML). Private data: never stored by a cache.
 */

const TYPES = { md: "text/markdown; charset=utf-8", json: "application/json; charset=utf-8" } as const;

/** "Plan: the migration / v2?" -> "Plan- the migration - v2": letters, digits, spaces, dots, dashes and underscores only. */
function safeFileName(title: string): string {
  const safe = title
    .normalize("NFKD")
    // The accents NFKD split off: "café" keeps its "e".
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w .-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/\s+/g, " ")
    .replace(/^[\s.-]+|[\s.-]+$/g, "")
    .slice(0, 80)
    .trim();
  return safe || "chat";
}

export function downloadResponse(body: string, title: string, format: keyof typeof TYPES): Response {
  const name = `${safeFileName(title)}.${format}`;
  // By code points, so no surrogate pair is cut in half; RFC 5987 also wants ' ( ) * escaped.
  const exact = encodeURIComponent(`${[...title].slice(0, 120).join("")}.${format}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return new Response(body, {
    headers: {
      "content-type": TYPES[format],
      "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${exact}`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
