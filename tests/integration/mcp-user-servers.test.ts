import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { Browser as BrowserOf } from "./security/browser";
import type { Jar } from "./security/support";
import { resetConfigForTests } from "@/tests/support/config";
import { startHttpMcpServer, type HttpMcpServer } from "@/tests/support/mcp-test-server";
import { mcpTools } from "@/lib/mcp/tools";
import { sealSecret } from "@/lib/mcp/secret-box";
import * as serversRoute from "@/app/api/account/mcp-servers/route";
import * as serverRoute from "@/app/api/account/mcp-servers/[id]/route";

/*
 * MCP servers a person adds (issue 38 item 1), on both databases: the secret is sealed at rest and
 * never answered; the address guard refuses loopback, private, link-local and ULA addresses, a
 * name that resolves to loopback and a redirect, both when the server is added and when it is
 * connected (a row already stored does not get past it); one person's servers are nobody else's.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));

class Browser extends BrowserOf {
  constructor() {
    super(jar);
  }
  list() {
    return this.app(serversRoute, { method: "GET", url: "/api/account/mcp-servers" });
  }
  add(body: unknown) {
    return this.app(serversRoute, { method: "POST", url: "/api/account/mcp-servers", body });
  }
  remove(id: string) {
    return this.app(serverRoute, { method: "DELETE", url: `/api/account/mcp-servers/${id}`, params: { id } });
  }
}

const PUBLIC_URL = "https://93.184.216.34/mcp";
const SECRET = "s3cret-token-for-the-test";

describe.each(testDatabases())("a person's own MCP servers on $name", (target) => {
  let env: Provisioned;
  let mcp: HttpMcpServer;
  let redirector: http.Server;
  let redirectUrl: string;
  let ann: Browser;
  let bob: Browser;
  const saved = { ...process.env };
  // The account's id, with the User row a first write would have made (servers belong to it).
  const userIdOf = async (email: string) => {
    const { id } = await env.db.authUser.findFirstOrThrow({ where: { email } });
    await env.db.user.upsert({ where: { id }, create: { id }, update: {} });
    return id;
  };

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_SECRET: "mcp-user-servers-secret-0123456789",
      AUTH_ATTEMPTS_PER_ADDRESS: "100000",
      MCP_USER_SERVERS: "on",
      MCP_USER_SERVERS_MAX: "3",
      MCP_SERVERS: JSON.stringify({ ops: { url: "https://93.184.216.35/mcp" } }),
      MCP_CALL_TIMEOUT_MS: "5000",
    });
    resetConfigForTests();
    env = await provision(target);
    mcp = await startHttpMcpServer();
    redirector = http.createServer((_req, res) => res.writeHead(307, { location: mcp.url }).end());
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    redirectUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/mcp`;
    ann = new Browser();
    bob = new Browser();
    for (const [b, email] of [
      [ann, "ann@example.com"],
      [bob, "bob@example.com"],
    ] as const) {
      expect((await b.auth("/sign-up/email", { email, password: "correct horse battery", name: email })).status).toBe(200);
    }
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await mcp?.close();
    await new Promise((resolve) => redirector?.close(resolve));
    await env?.drop();
  });

  it("adds a server with its secret sealed: the answer and the list never carry the secret, nor does the row", async () => {
    const res = await ann.add({ name: "mine", url: PUBLIC_URL, secret: SECRET });
    expect(res.status).toBe(201);
    const { server } = await res.json();
    expect(server).toMatchObject({ name: "mine", url: PUBLIC_URL, hasSecret: true, secretHeader: "Authorization" });
    const listed = await (await ann.list()).text();
    expect(listed).toContain('"name":"mine"');
    expect(listed).not.toContain(SECRET);
    const row = await env.db.userMcpServer.findUniqueOrThrow({ where: { id: server.id } });
    expect(row.sealedSecret).toBeTruthy();
    expect(row.sealedSecret).not.toContain(SECRET);
    expect(JSON.stringify(await (await bob.list()).json())).not.toContain("mine");
  });

  it.each([
    ["http://127.0.0.1:9/mcp", /^127\.0\.0\.1 is this machine \(loopback\)/],
    ["http://localhost:9/mcp", /localhost resolves to (127\.0\.0\.1|::1), this machine/],
    ["http://10.0.0.7/mcp", /a private network address/],
    ["http://169.254.169.254/latest", /link-local/],
    ["http://[fd00::7]/mcp", /unique local/],
    ["http://[::ffff:127.0.0.1]/mcp", /loopback/],
  ])("refuses %s when it is added, saying why", async (url, words) => {
    const res = await ann.add({ name: "inside", url });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(words);
  });

  it("refuses a name already used (own or the operator's), a bad body, and more than MCP_USER_SERVERS_MAX servers", async () => {
    expect((await ann.add({ name: "mine", url: PUBLIC_URL })).status).toBe(409);
    expect((await ann.add({ name: "ops", url: PUBLIC_URL })).status).toBe(409);
    expect((await ann.add({ name: "has_underscore", url: PUBLIC_URL })).status).toBe(400);
    expect((await ann.add({ name: "ftp", url: "ftp://93.184.216.34/" })).status).toBe(400);
    expect((await ann.add({ name: "hdr", url: PUBLIC_URL, secret: "x", secretHeader: "Bad Header" })).status).toBe(400);
    expect((await ann.add({ name: "two", url: PUBLIC_URL })).status).toBe(201);
    expect((await ann.add({ name: "three", url: PUBLIC_URL })).status).toBe(201);
    const over = await ann.add({ name: "four", url: PUBLIC_URL });
    expect(over.status).toBe(422);
    for (const name of ["two", "three"]) {
      const { id } = await env.db.userMcpServer.findFirstOrThrow({ where: { name, userId: await userIdOf("ann@example.com") } });
      expect((await ann.remove(id)).status).toBe(204);
    }
  });

  it("removes a server only for its owner: anyone else gets a 404 and the row stays", async () => {
    const { id } = await env.db.userMcpServer.findFirstOrThrow({ where: { name: "mine" } });
    expect((await bob.remove(id)).status).toBe(404);
    expect(await env.db.userMcpServer.count({ where: { id } })).toBe(1);
    expect((await bob.remove("no-such-id")).status).toBe(404);
  });

  it("is closed to guests and when the operator has not turned it on", async () => {
    const guest = new Browser();
    expect((await guest.add({ name: "g", url: PUBLIC_URL })).status).toBe(401);
    process.env.MCP_USER_SERVERS = "off";
    resetConfigForTests();
    try {
      expect((await bob.add({ name: "b", url: PUBLIC_URL })).status).toBe(403);
      expect(await (await bob.list()).json()).toEqual({ enabled: false, servers: [] });
    } finally {
      process.env.MCP_USER_SERVERS = "on";
      resetConfigForTests();
    }
  });

  it("checks the address again at every connection: a stored loopback server is never reached unless the operator allows private addresses", async () => {
    const annId = await userIdOf("ann@example.com");
    const bobId = await userIdOf("bob@example.com");
    await env.db.userMcpServer.create({
      data: {
        userId: annId,
        name: "lan",
        url: mcp.url,
        secretHeader: "Authorization",
        sealedSecret: await sealSecret(SECRET, { userId: annId, name: "lan" }),
      },
    });
    // The same server by a name that resolves to loopback: refused by the connection's own lookup.
    await env.db.userMcpServer.create({ data: { userId: annId, name: "byname", url: mcp.url.replace("127.0.0.1", "localhost") } });
    const listsBefore = mcp.lists();
    const guarded = await mcpTools(annId);
    expect(Object.keys(guarded.tools).filter((n) => n.startsWith("lan__") || n.startsWith("byname__"))).toEqual([]);
    expect(mcp.lists()).toBe(listsBefore);

    process.env.MCP_ALLOW_PRIVATE_ADDRESSES = "on";
    process.env.MCP_TOOLS_TTL_MS = "0";
    resetConfigForTests();
    try {
      const open = await mcpTools(annId);
      expect(Object.keys(open.tools)).toEqual(expect.arrayContaining(["lan__lookup", "byname__lookup"]));
      expect(mcp.authorizations).toContain(`Bearer ${SECRET}`);
      // Bob sees none of Ann's servers.
      expect(Object.keys((await mcpTools(bobId)).tools).filter((n) => n.startsWith("lan__"))).toEqual([]);
    } finally {
      delete process.env.MCP_ALLOW_PRIVATE_ADDRESSES;
      delete process.env.MCP_TOOLS_TTL_MS;
      resetConfigForTests();
      await env.db.userMcpServer.deleteMany({ where: { name: "byname" } });
    }
  });

  it("refuses a redirect, even to an allowed address, and a sealed secret moved to another person's row does not open", async () => {
    const annId = await userIdOf("ann@example.com");
    const bobId = await userIdOf("bob@example.com");
    await env.db.userMcpServer.create({ data: { userId: annId, name: "hop", url: redirectUrl } });
    const annLan = await env.db.userMcpServer.findFirstOrThrow({ where: { userId: annId, name: "lan" } });
    await env.db.userMcpServer.create({
      data: { userId: bobId, name: "lan", url: mcp.url, secretHeader: "Authorization", sealedSecret: annLan.sealedSecret },
    });
    process.env.MCP_ALLOW_PRIVATE_ADDRESSES = "on";
    process.env.MCP_TOOLS_TTL_MS = "0";
    resetConfigForTests();
    try {
      const callsBefore = mcp.authorizations.length;
      expect(Object.keys((await mcpTools(annId)).tools).filter((n) => n.startsWith("hop__"))).toEqual([]);
      const bobs = await mcpTools(bobId);
      expect(Object.keys(bobs.tools).filter((n) => n.startsWith("lan__"))).toEqual([]);
      // Ann's own "lan" was listed again (TTL 0); nothing reached the server through the redirect or as Bob.
      expect(mcp.authorizations.slice(callsBefore).every((a) => a === `Bearer ${SECRET}`)).toBe(true);
    } finally {
      delete process.env.MCP_ALLOW_PRIVATE_ADDRESSES;
      delete process.env.MCP_TOOLS_TTL_MS;
      resetConfigForTests();
    }
  });
});
