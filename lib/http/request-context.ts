import { AsyncLocalStorage } from "node:async_hooks";

/** What the session layer must know about the request it serves, set once by lib/http/handler. */
export type RequestContext = {
  /** GET/HEAD/OPTIONS: a read never creates a user, never sets a cookie, never counts as a write. */
  readOnly: boolean;
  /** Which abuse limit this request counts against (lib/limits). */
  limit: "turn" | "write" | null;
  /** The request came over HTTPS (directly, or per X-Forwarded-Proto with TRUST_PROXY). */
  https: boolean;
  /** The client's address as lib/http/client-address.ts decides it, for limits kept per address. */
  clientAddress: string;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequestContext = <T>(ctx: RequestContext, fn: () => Promise<T>) => storage.run(ctx, fn);

/** Undefined outside a route handler (scripts, tests calling lib/ directly). */
export const requestContext = (): RequestContext | undefined => storage.getStore();
