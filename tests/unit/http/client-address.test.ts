import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, PEER_HEADER, UNKNOWN_ADDRESS } from "@/lib/http/client-address";

const TOKEN = "peer-token-1234";
const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("never believes X-Forwarded-For without a trusted proxy: the socket's address decides", () => {
    const h = headers({ "x-forwarded-for": "203.0.113.9", [PEER_HEADER]: `${TOKEN} 198.51.100.7` });
    expect(clientAddress(h, { trustProxy: false, peerToken: TOKEN })).toBe("198.51.100.7");
  });

  it("behind a trusted proxy takes the last X-Forwarded-For entry, the one the proxy appended", () => {
    const h = headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9", [PEER_HEADER]: `${TOKEN} 10.0.0.2` });
    expect(clientAddress(h, { trustProxy: true, peerToken: TOKEN })).toBe("203.0.113.9");
    expect(clientAddress(headers({ [PEER_HEADER]: `${TOKEN} 10.0.0.2` }), { trustProxy: true, peerToken: TOKEN })).toBe("10.0.0.2");
  });

  it("ignores a peer header without the server's token: a client cannot forge its address", () => {
    expect(clientAddress(headers({ [PEER_HEADER]: "guess 198.51.100.7" }), { trustProxy: false, peerToken: TOKEN })).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(headers({ [PEER_HEADER]: `${TOKEN} 198.51.100.7` }), { trustProxy: false, peerToken: undefined })).toBe(
      UNKNOWN_ADDRESS,
    );
    expect(clientAddress(headers({}), { trustProxy: false, peerToken: TOKEN })).toBe(UNKNOWN_ADDRESS);
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
    expect(addressKey("1:2:3")).toBe(UNKNOWN_ADDRESS);
    expect(addressKey("")).toBe(UNKNOWN_ADDRESS);
  });
});
