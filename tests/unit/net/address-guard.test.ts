import { describe, expect, it } from "vitest";
import { checkAddress, refusalWords } from "@/lib/net/address-guard";

// The addresses a server a person adds may reach: public unicast only, unless the operator opens
// private networks, which still never opens the unroutable rest.
describe("checkAddress", () => {
  const refused = {
    "127.0.0.1": "loopback",
    "127.8.9.10": "loopback",
    "::1": "loopback",
    "10.1.2.3": "private",
    "172.16.0.1": "private",
    "172.31.255.255": "private",
    "192.168.1.1": "private",
    "169.254.169.254": "linkLocal",
    "fe80::1": "linkLocal",
    "fd00::1": "uniqueLocal",
    "100.64.0.1": "carrierGradeNat",
    "0.0.0.0": "unspecified",
    "::": "unspecified",
    "224.0.0.1": "multicast",
    "255.255.255.255": "broadcast",
  };

  it.each(Object.entries(refused))("refuses %s (%s)", (address, range) => {
    expect(checkAddress(address, { allowPrivate: false })).toEqual({ allowed: false, range });
  });

  it("judges an IPv4-mapped IPv6 address by the IPv4 address it carries", () => {
    expect(checkAddress("::ffff:127.0.0.1", { allowPrivate: false })).toEqual({ allowed: false, range: "loopback" });
    expect(checkAddress("::ffff:10.0.0.1", { allowPrivate: false })).toEqual({ allowed: false, range: "private" });
    expect(checkAddress("::ffff:8.8.8.8", { allowPrivate: false })).toEqual({ allowed: true });
  });

  it("allows public unicast addresses, IPv4 and IPv6", () => {
    for (const a of ["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700::1111"]) {
      expect(checkAddress(a, { allowPrivate: false }), a).toEqual({ allowed: true });
    }
  });

  it("with private addresses allowed, opens loopback, private, link-local and ULA but not unspecified, multicast or broadcast", () => {
    for (const a of ["127.0.0.1", "::1", "10.0.0.1", "192.168.0.1", "169.254.1.1", "fd12::1", "100.64.0.1"]) {
      expect(checkAddress(a, { allowPrivate: true }), a).toEqual({ allowed: true });
    }
    for (const a of ["0.0.0.0", "224.0.0.1", "255.255.255.255", "ff02::1"]) {
      expect(checkAddress(a, { allowPrivate: true }).allowed, a).toBe(false);
    }
  });

  it("refuses what is not an IP address", () => {
    expect(checkAddress("localhost", { allowPrivate: true })).toEqual({ allowed: false, range: "not an IP address" });
  });

  it("words a refusal with the host, the address and what kind it is", () => {
    expect(refusalWords("127.0.0.1", "127.0.0.1", "loopback")).toMatch(/^127\.0\.0\.1 is this machine \(loopback\); only public/);
    expect(refusalWords("metadata.internal", "169.254.169.254", "linkLocal")).toMatch(
      /^metadata\.internal resolves to 169\.254\.169\.254, a link-local address .*MCP_ALLOW_PRIVATE_ADDRESSES/,
    );
  });
});
