// Where the server in front of Next listens (scripts/serve.mjs; unit-tested): every address
// HOSTNAME names, like Next's own server. The default, "localhost", is this machine's loopback
// addresses (127.0.0.1 and ::1), so an install meant for one machine is not reachable from the
// network; "0.0.0.0" or "::" listens on every interface.

import dns from "node:dns/promises";
import net from "node:net";

/**
 * The addresses to listen on: an IP address as it is, a name as every address it resolves to.
 * @param {string} hostname
 * @returns {Promise<string[]>}
 */
export async function listenAddresses(hostname) {
  if (net.isIP(hostname.split("%")[0])) return [hostname];
  const found = await dns.lookup(hostname, { all: true });
  return [...new Set(found.map((a) => a.address))];
}

// Errors of an address this machine does not have (::1 where IPv6 is off).
const MISSING = new Set(["EADDRNOTAVAIL", "EAFNOSUPPORT"]);

/**
 * Listens on each address with a server from `create`. An address the machine does not have is
 * skipped as long as another one listens; any other failure (the port is taken) is thrown.
 * @param {() => import("node:http").Server} create
 * @param {number} port
 * @param {string[]} addresses
 * @returns {Promise<import("node:http").Server[]>}
 */
export async function listenOn(create, port, addresses) {
  const servers = [];
  let missing;
  for (const address of addresses) {
    const server = create();
    try {
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, address, () => resolve(server.off("error", reject)));
      });
      servers.push(server);
    } catch (err) {
      if (!MISSING.has(err.code)) {
        await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
        throw err;
      }
      missing = err;
    }
  }
  if (servers.length === 0) throw missing;
  return servers;
}
