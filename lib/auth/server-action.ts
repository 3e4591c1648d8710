import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import type { ServerActionResult, Wire } from "@/lib/api";
import { currentUserId } from "./session";
import { config } from "@/lib/config";
import { AppError, errorBody } from "@/lib/errors";
import { clientAddress } from "@/lib/http/client-address";
import { jsonDepth, MAX_JSON_DEPTH } from "@/lib/http/json-depth.mjs";
import { validateBody } from "@/lib/http/parse-body";
import { runInRequestContext } from "@/lib/http/request-context";
import { requestProtocol } from "@/lib/http/own-origin";
import { assertSameOrigin } from "@/lib/http/same-origin";

/*
 * Server actions serve the page's own mutations (rename, delete, edit, pin, continue, routines);
 * the JSON API stays the public contract. Both are thin adapters over the same lib/ functions, and
 * both pass the same gate: this wrapper is to an action what lib/http/handler is to a route. Origin
 * check (403) before anything else, the same byte cap (413) and zod schema (400 naming the field),
 * the caller from the one resolver with the same write limit (429), and every failure answered in
 * the API's error shape `{error: {code, message}}` with its status, as a value: Next replaces an
 * error thrown by an action with a generic one in production.
 */

export type ActionSpec<S extends z.ZodType> = {
  input: S;
  /** The cap on the input, serialized as JSON, in bytes (the route's body cap); a function when it follows config. */
  maxBytes: number | (() => number);
  /** Counts against the turn limit instead of the write limit. */
  limit?: "turn";
};

export function serverAction<S extends z.ZodType, T>(spec: ActionSpec<S>, fn: (input: z.infer<S>, userId: string) => Promise<T>) {
  return async (raw: z.input<S>): Promise<ServerActionResult<Wire<T>>> => {
    try {
      const requestHeaders = await headers();
      const { TRUST_PROXY, LONGRUN_PEER_TOKEN, VERCEL } = config();
      // Headers only: an action has no URL, so without a front server only the Origin's host is compared.
      assertSameOrigin({ headers: requestHeaders });
      // No input is an empty object (as an empty body is to a route); anything else, null included, is validated.
      const json = JSON.stringify(raw === undefined ? {} : raw);
      const maxBytes = typeof spec.maxBytes === "function" ? spec.maxBytes() : spec.maxBytes;
      if (Buffer.byteLength(json) > maxBytes) throw new AppError("too_large", `Request body is larger than ${maxBytes} bytes`);
      if (jsonDepth(json) > MAX_JSON_DEPTH)
        throw new AppError("bad_json", `Input nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep`);
      const input = validateBody(spec.input, JSON.parse(json));
      const https = requestProtocol({ headers: requestHeaders }, TRUST_PROXY) === "https:";
      const address = clientAddress(requestHeaders, { onVercel: VERCEL, trustProxy: TRUST_PROXY, peerToken: LONGRUN_PEER_TOKEN });
      const value = await runInRequestContext({ readOnly: false, limit: spec.limit ?? "write", https, clientAddress: address }, async () =>
        fn(input, await currentUserId()),
      );
      // Exactly what the JSON API would send (dates as ISO strings).
      return { ok: true, value: (value === undefined ? null : JSON.parse(JSON.stringify(value))) as Wire<T> };
    } catch (err) {
      const { status, body } = errorBody(err);
      return { ok: false, status, error: body.error };
    }
  };
}
