import "server-only";
import dns from "node:dns";
import net from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { checkAddress, refusalWords } from "./address-guard";

/**
 * A fetch for URLs a person supplied: every address the host resolves to is checked when the
 * connection is made (address-guard.ts), and redirects are refused, so neither a DNS answer that
 * changes after a check nor a 302 to an internal host reaches past the guard. A refusal is an error
 * whose message says which address and why.
 */
export function guardedFetch(opts: { allowPrivate: boolean }): typeof fetch {
  const agent = new Agent({ connect: { lookup: guardedLookup(opts) } });
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // A literal IP in the URL is never looked up, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host)) assertAllowed(host, host, opts);
    const res = await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: "manual",
      dispatcher: agent,
    });
    if (res.status >= 300 && res.status < 400 && res.headers.has("location")) {
      await res.body?.cancel();
      throw new Error(
        `${url.host} answered with a redirect (${res.status}), which is refused for a server you added: give its final address.`,
      );
    }
    return res;
  }) as unknown as typeof fetch;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function guardedLookup(opts: { allowPrivate: boolean }) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      try {
        for (const a of addresses) assertAllowed(hostname, a.address, opts);
      } catch (e) {
        return callback(e as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function assertAllowed(host: string, address: string, opts: { allowPrivate: boolean }): void {
  const verdict = checkAddress(address, opts);
  if (!verdict.allowed) {
    const error = new Error(refusalWords(host, address, verdict.range)) as NodeJS.ErrnoException;
    error.code = "EADDRREFUSED";
    throw error;
  }
}
