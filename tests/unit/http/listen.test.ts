import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { listenAddresses, listenOn } from "../../../scripts/listen.mjs";

// The server in front of Next listens where HOSTNAME says: an address as it is, a name on every
// address it resolves to; "localhost" (the default) only on loopback addresses.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const isLoopback = (address: string) => address === "::1" || address.startsWith("127.");

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function listen(addresses: string[], port?: number) {
  const started: http.Server[] = await listenOn(
    () => http.createServer((_req, res) => res.end("ok")),
    port ?? (await freePort()),
    addresses,
  );
  servers.push(...started);
  return started.map((s) => (s.address() as AddressInfo).address);
}

describe("listenAddresses", () => {
  it("takes an IP address as it is, the wildcard addresses included", async () => {
    for (const address of ["127.0.0.1", "0.0.0.0", "::", "::1", "fe80::1%lo"]) expect(await listenAddresses(address)).toEqual([address]);
  });

  it("resolves localhost to loopback addresses only", async () => {
    const addresses: string[] = await listenAddresses("localhost");
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => !isLoopback(a))).toEqual([]);
  });
});

describe("listenOn", () => {
  it("with the default HOSTNAME, listens on loopback addresses only, where 127.0.0.1 answers", async () => {
    const port = await freePort();
    const bound = await listen(await listenAddresses("localhost"), port);
    expect(bound.length).toBeGreaterThan(0);
    expect(bound.filter((a) => !isLoopback(a))).toEqual([]);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
  });

  it("skips an address this machine does not have while another listens, and fails when none does", async () => {
    // 192.0.2.1 is reserved for documentation: no machine has it.
    expect(await listen(["192.0.2.1", "127.0.0.1"])).toEqual(["127.0.0.1"]);
    await expect(listen(["192.0.2.1"])).rejects.toMatchObject({ code: "EADDRNOTAVAIL" });
  });

  it("fails when the port is taken, closing what it opened", async () => {
    const port = await freePort();
    await listen(["127.0.0.1"], port);
    const before = servers.length;
    await expect(listen(["::1", "127.0.0.1"], port)).rejects.toMatchObject({ code: "EADDRINUSE" });
    expect(servers.length).toBe(before);
    const reachable = await fetch(`http://[::1]:${port}/`).then(
      () => true,
      () => false,
    );
    expect(reachable).toBe(false);
  });
});
