/*
 * Which addresses a URL a person typed may reach (pure). A server a person adds (an MCP server
 * today) is fetched by our server, from inside our network: without this, "http://10.0.0.5/admin"
 * or the cloud metadata address 169.254.169.254 would be reached with our server's reach. Only
 * globally routable unicast addresses pass unless the operator allows private ones. The check runs
 * on every address a name resolves to, at connect time (guarded-fetch.ts), so a DNS answer that
 * changes between a check and the connection (rebinding) cannot slip past it.
 */
import ipaddr from "ipaddr.js";

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

export function checkAddress(address: string, opts: { allowPrivate: boolean }): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, range: "not an IP address" };
  let parsed = ipaddr.parse(address);
  // "::ffff:127.0.0.1" is loopback in disguise: judge the IPv4 address it carries.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === "unicast") return { allowed: true };
  if (opts.allowPrivate && PRIVATE_RANGES.has(range)) return { allowed: true };
  return { allowed: false, range };
}

/** What an operator's MCP_ALLOW_PRIVATE_ADDRESSES opens: a network of one's own, never the unroutable rest. */
const PRIVATE_RANGES = new Set(["loopback", "private", "linkLocal", "uniqueLocal", "carrierGradeNat"]);

/** A sentence for the person: which address was refused and why. */
export function refusalWords(host: string, address: string, range: string): string {
  const kind = RANGE_WORDS[range] ?? `a reserved address (${range})`;
  const what = host === address ? `${address} is ${kind}` : `${host} resolves to ${address}, ${kind}`;
  return `${what}; only public addresses can be added (the operator can allow private ones with MCP_ALLOW_PRIVATE_ADDRESSES).`;
}

const RANGE_WORDS: Record<string, string> = {
  loopback: "this machine (loopback)",
  private: "a private network address",
  linkLocal: "a link-local address (such as a cloud metadata service)",
  uniqueLocal: "a private IPv6 address (unique local)",
  carrierGradeNat: "a carrier-grade NAT address",
  unspecified: "the unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
};
