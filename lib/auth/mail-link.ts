import { ownOrigin } from "@/lib/http/own-origin";

/*
 * Links in account mail (password reset, address confirmation) must lead back to this app, never
 * to a host a request merely claimed: a forged Host header on a reset request would otherwise send
 * the victim's reset token to the forger's site. So they use the app's own origin
 * (lib/http/own-origin.ts: APP_URL, else the trusted proxy's host, else the address the connection
 * reached; never Host).
 */
export function mailLink(url: string, request: Request | undefined): string {
  const origin = ownOrigin(request);
  if (!origin) return url;
  const { pathname, search, hash } = new URL(url);
  return new URL(pathname + search + hash, origin).toString();
}
