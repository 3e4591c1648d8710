import { create } from "content-disposition";

/*
 * The headers a downloaded attachment is served with. Only types a browser shows without running
 * anything are inline (raster images, PDF, plain text); everything else, SVG and HTML above all
 * (script on our origin), is a download. Every response names the sniffed type, carries
 * Content-Disposition and nosniff (no browser second-guesses the type), and a sandbox CSP so
 * even a document opened directly runs nothing with our origin's rights. Private: never cached
 * by a shared cache.
 */

const INLINE = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf", "text/plain"]);

const TEXTUAL = (type: string) => type.startsWith("text/") || type === "application/json" || type.endsWith("+xml") || type.endsWith("/xml");

export function downloadHeaders(mediaType: string, fileName: string, opts: { download?: boolean } = {}): Record<string, string> {
  const inline = INLINE.has(mediaType) && !opts.download;
  return {
    "content-type": TEXTUAL(mediaType) ? `${mediaType}; charset=utf-8` : mediaType,
    "content-disposition": create(fileName, { type: inline ? "inline" : "attachment" }),
    "x-content-type-options": "nosniff",
    // Chrome's PDF viewer does not run in a sandboxed document; a PDF runs no script of ours anyway.
    ...(mediaType === "application/pdf"
      ? {}
      : { "content-security-policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'" }),
    "cache-control": "private, no-store",
  };
}
