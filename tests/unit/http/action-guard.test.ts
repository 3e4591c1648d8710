import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations (it runs before Next, untranspiled)
import { isActionRequest, refuseActionBody, refuseActionHead } from "../../../scripts/action-guard.mjs";

// Server-action requests answered before Next decodes them: cross-site 403, form bodies 415, and a
// body that is not the JSON text React sends for plain arguments 400. What the pages send passes:
// the bodies below are made by React's own encoder, the one Next's client uses.

const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-turbopack/client.node") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

type Refusal = { status: number; body: { error: { code: string; message: string } } } | null;
const head = (headers: IncomingHttpHeaders, settings: { APP_URL?: string; TRUST_PROXY?: boolean } = {}): Refusal =>
  refuseActionHead(headers, { TRUST_PROXY: false, ...settings });
const body = (text: string | Buffer): Refusal => refuseActionBody(Buffer.isBuffer(text) ? text : Buffer.from(text));
const statusAndCode = (r: Refusal) => (r ? `${r.status} ${r.body.error.code}` : null);

describe("isActionRequest", () => {
  const req = (method: string, headers: IncomingHttpHeaders) => ({ method, headers }) as IncomingMessage;

  it("is a POST with Next-Action, or a POST with a form body, on any path", () => {
    expect(isActionRequest(req("POST", { "next-action": "7f00" }))).toBe(true);
    expect(isActionRequest(req("POST", { "content-type": "multipart/form-data; boundary=x" }))).toBe(true);
    expect(isActionRequest(req("POST", { "content-type": "application/x-www-form-urlencoded" }))).toBe(true);
    expect(isActionRequest(req("POST", { "content-type": "Multipart/Form-Data; boundary=x" }))).toBe(true);
  });

  it("is not a JSON POST without Next-Action, nor a GET", () => {
    expect(isActionRequest(req("POST", { "content-type": "application/json" }))).toBe(false);
    expect(isActionRequest(req("GET", { "next-action": "7f00" }))).toBe(false);
    expect(isActionRequest(req("PUT", { "content-type": "multipart/form-data; boundary=x" }))).toBe(false);
  });

  it("is not the import or attachments route's multipart upload, but is a form anywhere else or one with Next-Action there", () => {
    const form = { "content-type": "multipart/form-data; boundary=x" };
    const to = (url: string, headers: IncomingHttpHeaders) => ({ method: "POST", url, headers }) as IncomingMessage;
    expect(isActionRequest(to("/api/import", form))).toBe(false);
    expect(isActionRequest(to("/api/import?x=1", form))).toBe(false);
    expect(isActionRequest(to("/api/import/x", form))).toBe(true);
    expect(isActionRequest(to("/api/importer", form))).toBe(true);
    expect(isActionRequest(to("/api/import", { ...form, "next-action": "7f00" }))).toBe(true);
    expect(isActionRequest(to("/api/threads/abc_12-x/attachments", form))).toBe(false);
    expect(isActionRequest(to("/api/threads/abc/attachments/x.png", form))).toBe(true);
    expect(isActionRequest(to("/api/threads/a/b/attachments", form))).toBe(true);
  });
});

describe("refuseActionHead", () => {
  const own = { host: "127.0.0.1:3000" };

  it("refuses another site, a sibling port, Origin: null and cross-site fetch metadata with 403", () => {
    for (const headers of [
      { origin: "http://evil.test" },
      { origin: "http://127.0.0.1:3001" },
      { origin: "null" },
      { origin: "not a url" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const r = head({ ...own, ...headers });
      expect(statusAndCode(r), JSON.stringify(headers)).toBe("403 forbidden");
      expect(r!.body.error.message).toMatch(/Cross-site/);
    }
  });

  it("lets the page's own origin through, and requests without Origin (scripts)", () => {
    expect(head({ ...own, origin: "http://127.0.0.1:3000" })).toBeNull();
    expect(head({ ...own, "sec-fetch-site": "same-origin" })).toBeNull();
    expect(head(own)).toBeNull();
  });

  it("compares with APP_URL when it is set, and with the forwarded origin behind a trusted proxy", () => {
    const app = { APP_URL: "https://chat.example.com" };
    expect(head({ ...own, origin: "https://chat.example.com" }, app)).toBeNull();
    expect(statusAndCode(head({ ...own, origin: "http://127.0.0.1:3000" }, app))).toBe("403 forbidden");
    const proxied = { host: "10.0.0.5:3000", "x-forwarded-host": "chat.example.com", "x-forwarded-proto": "https" };
    expect(head({ ...proxied, origin: "https://chat.example.com" }, { TRUST_PROXY: true })).toBeNull();
    expect(statusAndCode(head({ ...proxied, origin: "https://chat.example.com" }))).toBe("403 forbidden");
  });

  it("decides with the app's origin rule: behind this server, a forged Host naming another host is refused", () => {
    const token = "front-token";
    const peer = { "x-longrun-peer": `${token} 127.0.0.1 127.0.0.1 3000` };
    const withPeer = (headers: IncomingHttpHeaders) => refuseActionHead({ ...peer, ...headers }, { TRUST_PROXY: false }, token);
    // Host and Origin agree, but neither names the address the connection reached.
    expect(statusAndCode(withPeer({ host: "evil.test", origin: "http://evil.test" }))).toBe("403 forbidden");
    // A browser on localhost reaching the loopback socket is the page itself.
    expect(withPeer({ host: "localhost:3000", origin: "http://localhost:3000" })).toBeNull();
    expect(withPeer({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).toBeNull();
    // A peer header without this server's token is a client's forgery and tells nothing.
    expect(
      statusAndCode(refuseActionHead({ ...peer, host: "evil.test", origin: "http://evil.test" }, { TRUST_PROXY: false }, "other")),
    ).toBeNull();
  });

  it("refuses a form or multipart body with 415, after the origin check", () => {
    for (const type of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
      expect(statusAndCode(head({ ...own, "content-type": type }))).toBe("415 unsupported_media_type");
      expect(statusAndCode(head({ ...own, origin: "http://evil.test", "content-type": type }))).toBe("403 forbidden");
    }
    expect(head({ ...own, "content-type": "text/plain;charset=UTF-8" })).toBeNull();
  });
});

describe("refuseActionBody", () => {
  it("passes every argument list React encodes from plain values, strings starting with $ included", async () => {
    const plain = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
      fc.string().map((s) => `$${s}`),
      fc.constantFrom(undefined, Number.NaN, Infinity, -Infinity, -0, new Date(0), 12n),
    );
    const args = fc.array(fc.oneof(plain, fc.dictionary(fc.string(), plain, { maxKeys: 4, noNullPrototype: true })), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(args, async (value) => {
        const encoded = await encodeReply(value);
        expect(typeof encoded).toBe("string");
        expect(body(encoded as string)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("passes what each of the app's actions is called with", async () => {
    for (const input of [
      { title: "New", workspaceOf: "cmabc" },
      {},
      { threadId: "cmabc", title: "$ Renamed" },
      { threadId: "cmabc", messageId: "cmdef", text: "edited ${x}" },
      { threadId: "cmabc", messageId: "cmdef", pinned: true },
      { name: "Daily", instructions: "Say hi.", cron: "0 9 * * *", timezone: "UTC" },
      { id: "cmabc", patch: { enabled: false, name: undefined } },
    ]) {
      expect(body((await encodeReply([input])) as string), JSON.stringify(input)).toBeNull();
    }
  });

  it("refuses invalid UTF-8, invalid JSON and a body nested 100,000 deep with 400 bad_json, without overflowing", () => {
    expect(statusAndCode(body(Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d])))).toBe("400 bad_json");
    expect(statusAndCode(body("[{"))).toBe("400 bad_json");
    expect(statusAndCode(body(""))).toBe("400 bad_json");
    expect(statusAndCode(body("[".repeat(100_000) + "]".repeat(100_000)))).toBe("400 bad_json");
    expect(statusAndCode(body(`[${'{"a":'.repeat(33)}1${"}".repeat(33)}]`))).toBe("400 bad_json");
    expect(body(`[${'{"a":'.repeat(30)}1${"}".repeat(30)}]`)).toBeNull();
  });

  it("refuses a body that is not an argument list with 400 invalid_body", () => {
    for (const text of ["{}", '"x"', "1", "null", JSON.stringify(Array(1001).fill(0))]) {
      expect(statusAndCode(body(text)), text.slice(0, 20)).toBe("400 invalid_body");
    }
  });

  it("refuses every reference marker React's decoder would follow, wherever it is, with 400 invalid_body", () => {
    const markers = [
      "$@1",
      "$1",
      "$",
      "$a",
      "$K1",
      "$Q1",
      "$W1",
      "$h1",
      "$T",
      "$B1",
      "$R1",
      "$r1",
      "$X1",
      "$x1",
      "$i1",
      "$A1",
      "$o1",
      "$F1",
      "$H",
    ];
    for (const marker of markers) {
      for (const args of [[marker], [{ title: marker }], [{ patch: { deep: [1, { x: marker }] } }], ["ok", marker]]) {
        const r = body(JSON.stringify(args));
        expect(statusAndCode(r), JSON.stringify(args)).toBe("400 invalid_body");
        expect(r!.body.error.message).toContain(marker);
      }
    }
  });

  it("reads markers in values only: a key is never decoded", () => {
    expect(body(JSON.stringify([{ $K1: "x", "$@1": 1 }]))).toBeNull();
  });
});
