/*
 * Cross-site request forgery, decided from the request's headers alone. Browsers send Origin on
 * every cross-origin POST/PUT/PATCH/DELETE (and on same-origin ones except old GET-like cases), and
 * Sec-Fetch-Site on all requests; a script or curl sends neither and is not a CSRF vector (it has no
 * victim's cookie). So: a present Origin must be ours; without Origin, a Sec-Fetch-Site other than
 * same-origin/none is refused. Plain JavaScript: lib/http/same-origin.ts and the server actions'
 * gate use it, and so does the server in front of Next (scripts/serve.mjs), which answers a
 * cross-site server action before Next decodes its body.
 */

/** @typedef {(name: string) => string | null | undefined} HeaderOf */

/**
 * Whether the request comes from another site. `own` is the app's origin when it is known for sure
 * (`{ origin: "https://chat.example.com" }`), otherwise the request's Host (`{ host: "localhost:3000" }`),
 * which a present Origin must name: what Next itself checks before it runs a server action.
 * @param {HeaderOf} header
 * @param {{ origin: string } | { host: string }} own
 * @returns {boolean}
 */
export function isCrossSite(header, own) {
  const origin = header("origin") ?? null;
  if (origin !== null) {
    if ("origin" in own) return origin !== own.origin;
    try {
      return new URL(origin).host !== own.host;
    } catch {
      return true; // "null" (a sandboxed frame, a redirect across sites) or garbage
    }
  }
  const site = header("sec-fetch-site") ?? null;
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * What a server action's request must come from: APP_URL, or behind a trusted proxy the forwarded
 * protocol and host; with neither, only the Host is known (the scheme would be a guess).
 * @param {HeaderOf} header
 * @param {{ appUrl?: string, trustProxy: boolean }} settings
 * @returns {{ origin: string } | { host: string }}
 */
export function actionOwnOrigin(header, { appUrl, trustProxy }) {
  if (appUrl) return { origin: new URL(appUrl).origin };
  if (!trustProxy) return { host: header("host") ?? "" };
  const host = firstValue(header("x-forwarded-host")) || header("host") || "";
  const proto = firstValue(header("x-forwarded-proto")) === "https" ? "https:" : "http:";
  return { origin: `${proto}//${host}` };
}

/** @param {string | null | undefined} v */
const firstValue = (v) => v?.split(",")[0]?.trim() || null;
