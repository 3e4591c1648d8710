import { callRoute, ORIGIN, type Jar } from "./support";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as threadsRoute from "@/app/api/threads/route";

const NO_PARAMS = { params: Promise.resolve({}) };

/**
 * One browser: its own cookies, applied to the test file's fake cookie jar (next/headers) while it
 * makes a request, and updated from every Set-Cookie the auth routes answer with.
 */
export class Browser {
  cookies = new Map<string, string>();
  /** The Set-Cookie lines of the last auth request, as sent. */
  lastSetCookies: string[] = [];
  constructor(
    private readonly jar: Jar,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}
  use() {
    this.jar.values = this.cookies;
  }
  async app(route: Record<string, unknown>, call: Parameters<typeof callRoute>[1]) {
    this.use();
    return callRoute(route, { ...call, headers: { ...this.extraHeaders, ...call.headers } });
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async auth(path: string, body?: unknown) {
    const headers: Record<string, string> = { origin: ORIGIN, cookie: this.cookieHeader(), ...this.extraHeaders };
    if (body !== undefined) headers["content-type"] = "application/json";
    const req = new Request(`${ORIGIN}/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.receive(await (body === undefined ? authRoute.GET : authRoute.POST)(req, NO_PARAMS));
  }
  /** Takes an answer's cookies, as a browser does when that answer arrives. */
  receive(res: Response) {
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
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
