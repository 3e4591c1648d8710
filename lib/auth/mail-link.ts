import { config } from "@/lib/config";
import { reachedOrigin } from "@/lib/http/client-address";
import { ownOrigin } from "@/lib/http/same-origin";

/*
 * Links in account mail (password reset, address confirmation) must lead back to this app, never
 * to a host a request merely claimed: a forged Host header on a reset request would otherwise send
 * the victim's reset token to the forger's site. So the origin is APP_URL when set; behind a
 * trusted proxy (TRUST_PROXY=1) the forwarded host and protocol, which that proxy sets; otherwise
 * the address and port the connection actually reached (a LAN address works, a forged Host does not).
 */
export function mailLink(url: string, request: Request | undefined): string {
  const origin = mailOrigin(request);
  if (!origin) return url;
  const { pathname, search, hash } = new URL(url);
  return new URL(pathname + search + hash, origin).toString();
}

function mailOrigin(request: Request | undefined): string | null {
  const { APP_URL, TRUST_PROXY, LONGRUN_PEER_TOKEN } = config();
  if (APP_URL) return new URL(APP_URL).origin;
  if (!request) return null;
  if (TRUST_PROXY) return ownOrigin(request, { trustProxy: true });
  return reachedOrigin(request.headers, LONGRUN_PEER_TOKEN);
}
