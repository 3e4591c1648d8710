// Requests refused by their URL before Next.js sees them (used by scripts/serve.mjs; unit-tested). Next would
// answer a malformed percent escape with a non-JSON error and "redirect" (308) "a//b" and "dir/"
// in API paths, PUT and all, to a different resource. Both are client errors: a JSON 400 here.
// A URL longer than MAX_URL_BYTES is a 414 (one longer than Node reads at all is answered by
// scripts/http-limits.mjs).

import { refusal } from "./refusal.mjs";

/** Longer request targets are refused with 414: no page or API URL of the app comes near it. */
export const MAX_URL_BYTES = 8192;

/**
 * @param {string} rawUrl the request target as received ("/api/threads/x?y=1")
 * @returns {null | { status: number, body: { error: { code: string, message: string } } }}
 */
export function refuseUrl(rawUrl) {
  const url = rawUrl ?? "/";
  if (url.length > MAX_URL_BYTES) return refusal(414, "url_too_long", `The URL is longer than ${MAX_URL_BYTES} bytes.`);
  const pathname = url.split("?", 1)[0].split("#", 1)[0];
  const decoded = [];
  for (const segment of pathname.split("/")) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return refusal(400, "bad_url", 'The URL contains a malformed percent escape (such as "%zz" or a lone "%"). Encode "%" as "%25".');
    }
  }
  if (!pathname.startsWith("/api/")) return null;
  // Next would resolve "a/../x.md" to "x.md" (and "%2e%2e" after decoding) before the route sees it:
  // a write would land on another file than the one named. One spelling per file: refuse them.
  if (decoded.some((s) => s === "." || s === "..")) {
    return refusal(400, "invalid_path", 'The URL contains a "." or ".." segment. Name the file by its own path, such as "plans/notes.md".');
  }
  if (pathname.includes("\\")) return refusal(400, "invalid_path", 'The URL contains a backslash. Separate folders with "/".');
  if (pathname.includes("//")) {
    return refusal(400, "invalid_path", 'The URL contains an empty path segment ("//"). Use a single "/" between folders.');
  }
  if (pathname.length > 1 && pathname.endsWith("/")) {
    return refusal(400, "invalid_path", 'The URL ends with "/". Name a file, such as "plans/notes.md", not a folder.');
  }
  return null;
}
