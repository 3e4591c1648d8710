// Requests refused before Next.js sees them (used by scripts/serve.mjs; unit-tested). Next would
// answer a malformed percent escape with a non-JSON error and "redirect" (308) "a//b" and "dir/"
// in API paths, PUT and all, to a different resource. Both are client errors: a JSON 400 here.

import { API_CSP, COMMON_HEADERS } from "../lib/http/common-headers.mjs";

const json = (status, code, message) => ({ status, body: { error: { code, message } } });

/** What a refusal is sent with: the same security headers as every API answer from Next. */
export const REFUSAL_HEADERS = {
  "content-type": "application/json",
  "cache-control": "no-store",
  "content-security-policy": API_CSP,
  ...Object.fromEntries(COMMON_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
};

/**
 * @param {string} rawUrl the request target as received ("/api/threads/x?y=1")
 * @returns {null | { status: number, body: { error: { code: string, message: string } } }}
 */
export function refuseUrl(rawUrl) {
  const url = rawUrl ?? "/";
  const pathname = url.split("?", 1)[0].split("#", 1)[0];
  const decoded = [];
  for (const segment of pathname.split("/")) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return json(400, "bad_url", 'The URL contains a malformed percent escape (such as "%zz" or a lone "%"). Encode "%" as "%25".');
    }
  }
  if (!pathname.startsWith("/api/")) return null;
  // Next would resolve "a/../x.md" to "x.md" (and "%2e%2e" after decoding) before the route sees it:
  // a write would land on another file than the one named. One spelling per file: refuse them.
  if (decoded.some((s) => s === "." || s === "..")) {
    return json(400, "invalid_path", 'The URL contains a "." or ".." segment. Name the file by its own path, such as "plans/notes.md".');
  }
  if (pathname.includes("\\")) return json(400, "invalid_path", 'The URL contains a backslash. Separate folders with "/".');
  if (pathname.includes("//")) {
    return json(400, "invalid_path", 'The URL contains an empty path segment ("//"). Use a single "/" between folders.');
  }
  if (pathname.length > 1 && pathname.endsWith("/")) {
    return json(400, "invalid_path", 'The URL ends with "/". Name a file, such as "plans/notes.md", not a folder.');
  }
  return null;
}
