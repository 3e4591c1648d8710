import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/http/client-address";
import { acceptsOrigin, ownOrigin, pageOrigin, requestProtocol, type OriginRules } from "@/lib/http/own-origin";

const TOKEN = "peer-token-1234";
const SERVED: OriginRules = { trustProxy: false, peerToken: TOKEN }; // behind scripts/serve.mjs, nothing configured
const BARE: OriginRules = { trustProxy: false }; // no server in front of Next
const PROXIED: OriginRules = { trustProxy: true, peerToken: TOKEN };
const APP: OriginRules = { appUrl: "https://chat.example.com/app", trustProxy: false, peerToken: TOKEN };

/** A request the front server passed on: it reached `local`:`port`; `headers` are the client's. */
const reached = (local: string, port: string, headers: Record<string, string> = {}, url = "http://ignored.test/api/chat") => ({
  headers: new Headers({ ...headers, [PEER_HEADER]: `${TOKEN} 198.51.100.7 ${local} ${port}` }),
  url,
});
const plain = (headers: Record<string, string>, url?: string) => ({ headers: new Headers(headers), url });

describe("ownOrigin: where anything that leaves the app goes", () => {
  it("is APP_URL when set, whatever the Host says, also with no request at all", () => {
    expect(ownOrigin(reached("127.0.0.1", "3000", { host: "evil.test" }), APP)).toBe("https://chat.example.com");
    expect(ownOrigin(undefined, APP)).toBe("https://chat.example.com");
    expect(ownOrigin(undefined, SERVED)).toBeNull();
  });

  it("is the address and port the connection reached, never the Host", () => {
    expect(ownOrigin(reached("192.168.1.5", "3000", { host: "evil.test:3000" }), SERVED)).toBe("http://192.168.1.5:3000");
    expect(ownOrigin(reached("::ffff:127.0.0.1", "3471", { host: "127.0.0.1:9999" }), SERVED)).toBe("http://127.0.0.1:3471");
    expect(ownOrigin(reached("::1", "3000", { host: "localhost:3000" }), SERVED)).toBe("http://[::1]:3000");
  });

  it("is null when the peer header is not the front server's (wrong token, missing fields) or absent: Host is not a fallback", () => {
    expect(ownOrigin(reached("192.168.1.5", "3000"), { ...SERVED, peerToken: "another-token" })).toBeNull();
    expect(ownOrigin(plain({ [PEER_HEADER]: `${TOKEN} 198.51.100.7`, host: "evil.test" }), SERVED)).toBeNull();
    expect(ownOrigin(plain({ host: "evil.test" }, "http://evil.test/api/chat"), BARE)).toBeNull();
  });

  it("behind a trusted proxy is the forwarded protocol and host (the proxy's Host without one); forwarded headers count only then", () => {
    const forwarded = reached("10.0.0.2", "3000", {
      host: "internal:3000",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "chat.example.com",
    });
    expect(ownOrigin(forwarded, PROXIED)).toBe("https://chat.example.com");
    expect(ownOrigin(forwarded, SERVED)).toBe("http://10.0.0.2:3000");
    expect(ownOrigin(plain({ host: "chat.example.com", "x-forwarded-proto": "https" }), PROXIED)).toBe("https://chat.example.com");
    expect(ownOrigin(plain({ host: "a.example", "x-forwarded-host": "evil.test/path@x" }), PROXIED)).toBe("http://a.example");
  });
});

describe("pageOrigin and acceptsOrigin: the CSRF comparison", () => {
  it("accepts a browser on the reached address itself, or on localhost when that address is loopback, on the same port", () => {
    for (const [local, host] of [
      ["127.0.0.1", "127.0.0.1:3000"],
      ["127.0.0.1", "localhost:3000"],
      ["127.0.0.1", "LOCALHOST:3000"],
      ["::1", "localhost:3000"],
      ["::1", "[::1]:3000"],
      ["::ffff:127.0.0.1", "app.localhost:3000"],
      ["192.168.1.5", "192.168.1.5:3000"],
    ]) {
      const r = reached(local, "3000", { host });
      expect(acceptsOrigin(`http://${host.toLowerCase()}`, r, SERVED), `${host} on ${local}`).toBe(true);
    }
    expect(pageOrigin(reached("127.0.0.1", "80", { host: "localhost" }), SERVED)).toBe("http://localhost");
    expect(pageOrigin(reached("127.0.0.1", "80", { host: "localhost:80" }), SERVED)).toBe("http://localhost");
  });

  it("refuses a forged Host with a matching Origin: another host, another port, a LAN name, localhost on a LAN address", () => {
    for (const [local, host] of [
      ["127.0.0.1", "evil.test:3000"],
      ["127.0.0.1", "127.0.0.1:4000"],
      ["127.0.0.1", "localhost:4000"],
      ["127.0.0.1", "127.0.0.2:3000"],
      ["127.0.0.1", "localhost.evil.test:3000"],
      ["192.168.1.5", "mybox.lan:3000"],
      ["192.168.1.5", "localhost:3000"],
    ]) {
      const r = reached(local, "3000", { host });
      expect(acceptsOrigin(`http://${host}`, r, SERVED), `${host} on ${local}`).toBe(false);
      // Our own address is still accepted in that request: the Host changes nothing but itself.
      expect(pageOrigin(r, SERVED)).toBe(ownOrigin(r, SERVED));
    }
  });

  it("refuses junk in Host and Origin", () => {
    for (const host of ["localhost:3000/x", "evil.test@localhost:3000", "localhost:3000?", "", "local host:3000"]) {
      expect(acceptsOrigin("http://localhost:3000", reached("127.0.0.1", "3000", { host }), SERVED), host).toBe(false);
    }
    const r = reached("127.0.0.1", "3000", { host: "localhost:3000" });
    for (const origin of [
      "null",
      "http://localhost:3000/",
      "HTTP://localhost:3000",
      "https://localhost:3000",
      "file://",
      "localhost:3000",
    ]) {
      expect(acceptsOrigin(origin, r, SERVED), origin).toBe(false);
    }
  });

  it("with APP_URL or a trusted proxy, only the own origin is accepted", () => {
    const r = reached("127.0.0.1", "3000", {
      host: "localhost:3000",
      "x-forwarded-host": "chat.example.com",
      "x-forwarded-proto": "https",
    });
    expect(acceptsOrigin("https://chat.example.com", r, APP)).toBe(true);
    expect(acceptsOrigin("http://localhost:3000", r, APP)).toBe(false);
    expect(acceptsOrigin("https://chat.example.com", r, PROXIED)).toBe(true);
    expect(acceptsOrigin("http://localhost:3000", r, PROXIED)).toBe(false);
  });

  it("with no server in front, the Origin must name the Host (and the URL's scheme when there is a URL)", () => {
    const route = plain({ host: "box.example:3000" }, "http://box.example:3000/api/chat");
    expect(acceptsOrigin("http://box.example:3000", route, BARE)).toBe(true);
    expect(acceptsOrigin("https://box.example:3000", route, BARE)).toBe(false);
    expect(acceptsOrigin("http://evil.test", route, BARE)).toBe(false);
    const action = plain({ host: "box.example:3000" });
    expect(pageOrigin(action, BARE)).toBeNull();
    expect(acceptsOrigin("https://box.example:3000", action, BARE)).toBe(true);
    expect(acceptsOrigin("http://evil.test", action, BARE)).toBe(false);
    expect(acceptsOrigin("null", action, BARE)).toBe(false);
    expect(acceptsOrigin("http://box.example:3000", plain({}), BARE)).toBe(false);
  });
});

describe("requestProtocol", () => {
  it("believes X-Forwarded-Proto only behind a trusted proxy, else the URL's scheme, else http", () => {
    const forwarded = plain({ "x-forwarded-proto": "https" }, "http://127.0.0.1:3000/");
    expect(requestProtocol(forwarded, false)).toBe("http:");
    expect(requestProtocol(forwarded, true)).toBe("https:");
    expect(requestProtocol(plain({}, "https://chat.example.com/"), false)).toBe("https:");
    expect(requestProtocol(plain({ "x-forwarded-proto": "https" }), false)).toBe("http:");
  });
});
