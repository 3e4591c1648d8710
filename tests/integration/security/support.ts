import { vi } from "vitest";
import type { Db } from "@/lib/db/client";

/*
 * Route handlers run here as Next runs them, minus the HTTP server: a Request in, a Response out.
 * The cookie jar is the one thing Next provides that a test must stand in for (next/headers), so the
 * real session code (lib/auth/session.ts) runs: guest creation, reads as nobody, rate limits.
 */

/** The cookies of the one browser making requests; `headers`: more request headers a server action sees. */
export type Jar = { values: Map<string, string>; sets: number; headers?: Record<string, string> };

export const ORIGIN = "http://127.0.0.1:3000";

type RouteModule = Record<string, unknown>;
type Params = Record<string, string | string[]>;

export type Call = {
  method: string;
  url: string;
  params?: Params;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string or bytes as they are. */
  body?: unknown;
};

export function fakeCookies(jar: Jar) {
  return {
    headers: async () =>
      new Headers({ host: "127.0.0.1:3000", ...jar.headers, cookie: [...jar.values].map(([k, v]) => `${k}=${v}`).join("; ") }),
    cookies: async () => ({
      get: (name: string) => (jar.values.has(name) ? { name, value: jar.values.get(name)! } : undefined),
      set: (name: string, value: string) => {
        jar.values.set(name, value);
        jar.sets += 1;
      },
      delete: (name: string) => {
        jar.values.delete(name);
        jar.sets += 1;
      },
    }),
  };
}

export async function callRoute(mod: RouteModule, call: Call): Promise<Response> {
  const fn = mod[call.method] as (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;
  if (!fn) throw new Error(`route has no ${call.method}`);
  const raw = call.body;
  const body = raw === undefined ? undefined : typeof raw === "string" || raw instanceof Uint8Array ? raw : JSON.stringify(raw);
  const headers: Record<string, string> = {
    host: "127.0.0.1:3000",
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
    ...call.headers,
  };
  const req = new Request(ORIGIN + call.url, { method: call.method, headers, body: body as BodyInit | undefined });
  return fn(req, { params: Promise.resolve(call.params ?? {}) });
}

export const silenceServerLog = () => vi.spyOn(console, "error").mockImplementation(() => undefined);

export type SentMail = { kind: string; to: string; subject: string; text: string };

/** The account mail the app sent, oldest first, read where it goes: its action ledger (lib/email/account-mail.ts). */
export async function accountMail(db: Db): Promise<SentMail[]> {
  const rows = await db.actionLedger.findMany({
    where: { scope: { startsWith: "account:" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => {
    const request = JSON.parse(row.request) as { to: string; subject: string; body: string };
    return { kind: row.key.split(":")[0], to: request.to, subject: request.subject, text: request.body };
  });
}
