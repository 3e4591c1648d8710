import http from "node:http";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";
import { awayFromPeriodEnd } from "../support/rate-period";

// The sign-in limits over real HTTP, through the server in front of Next (scripts/serve.mjs), which
// alone knows the socket's address. Loopback has many addresses (127.0.0.0/8): a request sent from
// 127.0.0.2 is another client than one from 127.0.0.1, as two machines would be.

const PORT = Number(process.env.E2E_PORT ?? 3471) + 27;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DB = "sign-in-limits";

type Answer = { status: number; body: string; setCookies: string[] };

/** `origin: null` sends none, as a script would; the default is the app's own. */
function post(
  path: string,
  body: unknown,
  opts: { from: string; origin?: string | null; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: PORT,
      path,
      method: "POST",
      localAddress: opts.from,
      headers: { "content-type": "application/json", ...(opts.origin === null ? {} : { origin: opts.origin ?? ORIGIN }), ...opts.headers },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, body: text, setCookies: res.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

let servers: Servers | null = null;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  servers = await startServers({
    ports: [PORT],
    databaseUrl: freshSqliteUrl(DB),
    env: { AUTH_ATTEMPTS_PER_ADDRESS: "4", ROUTINES_SCHEDULER: "off" },
  });
  // The test's counts must not straddle a period boundary (AUTH_WINDOW_S, 900 s by default).
  await awayFromPeriodEnd(900, 90);
});
test.afterAll(async () => servers?.stop());

test("a client's address is the socket's: rotating X-Forwarded-For gets no more tries, another client keeps its own", async () => {
  const email = "owner@example.com";
  const password = "correct horse battery";
  expect((await post("/api/auth/sign-up/email", { email, password, name: "Owner" }, { from: "127.0.0.3" })).status).toBe(200);

  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const wrong = { email, password: `wrong guess ${i}` };
    statuses.push(
      (await post("/api/auth/sign-in/email", wrong, { from: "127.0.0.1", headers: { "x-forwarded-for": `10.0.0.${i}` } })).status,
    );
  }
  expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  // A forged copy of the internal address header does not help either.
  const forgedPeer = await post(
    "/api/auth/sign-in/email",
    { email, password },
    { from: "127.0.0.1", headers: { "x-longrun-peer": "x 127.0.0.9" } },
  );
  expect(forgedPeer.status).toBe(429);

  // The owner, from another address, signs in: the guesser did not lock them out.
  const owner = await post("/api/auth/sign-in/email", { email, password }, { from: "127.0.0.2" });
  expect(owner.status).toBe(200);
  expect(owner.setCookies.join("\n")).toContain("better-auth.session_token");

  // A reset link names the address the connection reached, whatever Host the request claimed. A
  // forged Host with a matching Origin names no address this connection reached: refused, no mail.
  const resetRequest = { email, redirectTo: "/account" };
  const forged = { host: "evil.test" };
  const refused = await post("/api/auth/request-password-reset", resetRequest, {
    from: "127.0.0.4",
    origin: "http://evil.test",
    headers: forged,
  });
  expect(refused.status).toBe(403);
  const reset = await post("/api/auth/request-password-reset", resetRequest, { from: "127.0.0.4", origin: null, headers: forged });
  expect(reset.status).toBe(200);
  const db = new Database(`test-data/${DB}.db`, { readonly: true });
  try {
    const rows = db.prepare(`SELECT "text" FROM "OutboxMessage" WHERE "to" = ? AND "text" LIKE '%reset-password%'`).all(email) as {
      text: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toContain(`${ORIGIN}/api/auth/reset-password/`);
    expect(rows[0].text).not.toContain("evil.test");
  } finally {
    db.close();
  }
});
