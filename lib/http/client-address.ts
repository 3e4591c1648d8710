/*
 * Where a request came from, for the limits kept per address (sign-in attempts, guests made).
 * Pure: the caller passes the headers and the rules.
 *
 * - On Vercel (VERCEL=1, set by the platform) the address is what its proxy puts in x-real-ip,
 *   read with @vercel/functions' ipAddress: the platform overwrites any client-sent value, so
 *   per-address limits work without TRUST_PROXY, which would trust X-Forwarded-For.
 * - Behind a trusted proxy (TRUST_PROXY=1) the address is the last X-Forwarded-For entry: the one
 *   our proxy appended. Entries before it are whatever the client claimed.
 * - Otherwise X-Forwarded-For is never read (a client could send any value, and rotating it got
 *   past the old limiter). The address is the socket's, which the server in front of Next
 *   (scripts/serve.mjs) passes in PEER_HEADER with a token made at its start, so a client cannot
 *   forge the header either: without the token it is ignored.
 * - Without either the address is "unknown": one shared bucket, as safe as it is strict.
 *
 * IPv6 addresses count per /64: one subscriber usually holds a whole /64.
 */
import { ipAddress } from "@vercel/functions";
import { PEER_HEADER, peerOf } from "./origin-rules.mjs";

export { PEER_HEADER };
const UNKNOWN_ADDRESS = "unknown";

export function clientAddress(headers: Headers, opts: { onVercel: boolean; trustProxy: boolean; peerToken: string | undefined }): string {
  if (opts.onVercel) {
    const address = ipAddress(headers);
    if (address) return addressKey(address);
  }
  if (opts.trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return addressKey(forwarded);
  }
  const peer = peerOf((name) => headers.get(name), opts.peerToken);
  return peer ? addressKey(peer.remote) : UNKNOWN_ADDRESS;
}

/** The bucket an address counts in: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function addressKey(raw: string): string {
  const address = raw
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address || UNKNOWN_ADDRESS;
  const hextets = expandIPv6(address);
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : UNKNOWN_ADDRESS;
}

/** The eight hextets of an IPv6 address ("2001:db8::1" -> 2001,db8,0,0,0,0,0,1), or null. */
function expandIPv6(address: string): string[] | null {
  const zoneless = address.split("%")[0];
  const halves = zoneless.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!all.every((h) => /^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => parseInt(h, 16).toString(16));
}
