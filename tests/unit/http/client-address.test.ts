import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, PEER_HEADER } from "@/lib/http/client-address";

const TOKEN = "peer-token-1234";
const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("never believes X-Forwarded-For without a trusted proxy: the socket's address decides", () => {
    const h = headers({ "x-forwarded-for": "203.0.113.9", [PEER_HEADER]: `${TOKEN} 198.51.100.7` });
    expect(clientAddress(h, { onVercel: false, trustProxy: false, peerToken: TOKEN })).toBe("198.51.100.7");
  });

  it("behind a trusted proxy takes the last X-Forwarded-For entry, the one the proxy appended", () => {
    const h = headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9", [PEER_HEADER]: `${TOKEN} 10.0.0.2` });
    expect(clientAddress(h, { onVercel: false, trustProxy: true, peerToken: TOKEN })).toBe("203.0.113.9");
    expect(clientAddress(headers({ [PEER_HEADER]: `${TOKEN} 10.0.0.2` }), { onVercel: false, trustProxy: true, peerToken: TOKEN })).toBe(
      "10.0.0.2",
    );
  });

  it("on Vercel takes the address its proxy wrote in x-real-ip, and only there", () => {
    const h = headers({ "x-real-ip": "203.0.113.20", "x-forwarded-for": "1.1.1.1", [PEER_HEADER]: `${TOKEN} 10.0.0.2` });
    expect(clientAddress(h, { onVercel: true, trustProxy: false, peerToken: TOKEN })).toBe("203.0.113.20");
    expect(clientAddress(h, { onVercel: false, trustProxy: false, peerToken: TOKEN })).toBe("10.0.0.2");
    expect(clientAddress(h, { onVercel: false, trustProxy: true, peerToken: TOKEN })).toBe("1.1.1.1");
    // Two Vercel clients in one /64 share a bucket, as they do off Vercel.
    expect(clientAddress(headers({ "x-real-ip": "2001:db8:1:2::9" }), { onVercel: true, trustProxy: false, peerToken: undefined })).toBe(
      "2001:db8:1:2::/64",
    );
    // Without the header (not behind Vercel's proxy after all) the usual rules apply.
    expect(clientAddress(headers({ [PEER_HEADER]: `${TOKEN} 10.0.0.3` }), { onVercel: true, trustProxy: false, peerToken: TOKEN })).toBe(
      "10.0.0.3",
    );
  });

  it("ignores a peer header without the server's token: a client cannot forge its address", () => {
    expect(clientAddress(headers({ [PEER_HEADER]: "guess 198.51.100.7" }), { onVercel: false, trustProxy: false, peerToken: TOKEN })).toBe(
      "unknown",
    );
    expect(
      clientAddress(headers({ [PEER_HEADER]: `${TOKEN} 198.51.100.7` }), { onVercel: false, trustProxy: false, peerToken: undefined }),
    ).toBe("unknown");
    expect(clientAddress(headers({}), { onVercel: false, trustProxy: false, peerToken: TOKEN })).toBe("unknown");
  });
});

describe("addressKey", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6, and groups IPv6 by /64", () => {
    expect(addressKey("127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8:0:0::5]")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("1:2:3")).toBe("unknown");
    expect(addressKey("")).toBe("unknown");
  });
});
