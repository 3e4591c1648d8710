import { callRoute, ORIGIN, type Jar } from "./support";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as threadsRoute from "@/app/api/threads/route";
import { PEER_HEADER } from "@/lib/http/client-address";

const NO_PARAMS = { params: Promise.resolve({}) };

/**
 * One browser: its own cookies, applied to the test file's fake jar while it makes a request. With
 * `address`, its requests carry the client address the server in front of Next would pass
 * (scripts/serve.mjs), signed with LONGRUN_PEER_TOKEN as the test set it.
 */
export class AuthBrowser {
  cookies = new Map<string, string>();
  constructor(
    private readonly jar: Jar,
    private readonly opts: { address?: string; headers?: Record<string, string> } = {},
  ) {}

  /** Headers every request of this browser carries. */
  private extraHeaders(): Record<string, string> {
    const peer: Record<string, string> = this.opts.address
      ? { [PEER_HEADER]: `${process.env.LONGRUN_PEER_TOKEN} ${this.opts.address} 127.0.0.1 3000` }
      : {};
    return { ...peer, ...this.opts.headers };
  }

  async app(route: Record<string, unknown>, call: Parameters<typeof callRoute>[1]) {
    this.jar.values = this.cookies;
    return callRoute(route, { ...call, headers: { ...this.extraHeaders(), ...call.headers } });
  }

  async auth(path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = {
      origin: ORIGIN,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      ...this.extraHeaders(),
      ...headers,
    };
    if (body !== undefined) all["content-type"] = "application/json";
    const req = new Request(`${ORIGIN}/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const res = await (body === undefined ? authRoute.GET : authRoute.POST)(req, NO_PARAMS);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async threadIds(): Promise<string[]> {
    const res = await this.app(threadsRoute, { method: "GET", url: "/api/threads" });
    return ((await res.json()).threads as { id: string }[]).map((t) => t.id);
  }
}
