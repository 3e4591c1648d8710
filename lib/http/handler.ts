import { config } from "@/lib/config";
import { AppError, errorResponse } from "@/lib/errors";
import { clientAddress } from "./client-address";
import { runInRequestContext } from "./request-context";
import { requestProtocol } from "./own-origin";
import { assertJsonContentType, assertMultipartContentType, assertSameOrigin, SAFE_METHODS } from "./same-origin";

type Ctx<P> = { params: Promise<P> };

export type HandlerOptions = {
  /** Counts against the per-user turn limit instead of the write limit (routes that run the model). */
  limit?: "turn";
  /** The routes that take files (POST /api/import, POST /api/threads/:id/attachments): multipart/form-data instead of JSON. */
  body?: "multipart";
};

// A route param that names a row (":id", ":messageId"): anything else cannot exist, so it is a 404
// before it reaches a query (PostgreSQL would fail on NUL, for one).
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Route handlers stay thin: parse, authorize, call lib/, shape the response. Errors map here, and
 * every request passes the same gate first: a state-changing request must come from our own origin
 * (403) and carry JSON if it carries anything (415), before any session logic runs.
 */
export function handler<P = Record<string, never>>(fn: (req: Request, params: P) => Promise<Response>, opts: HandlerOptions = {}) {
  return async (req: Request, ctx: Ctx<P>): Promise<Response> => {
    try {
      const readOnly = SAFE_METHODS.has(req.method);
      const { TRUST_PROXY, LONGRUN_PEER_TOKEN, VERCEL } = config();
      if (!readOnly) {
        assertSameOrigin(req);
        // The origin check above is what keeps a cross-site form from posting a file here.
        if (opts.body === "multipart") assertMultipartContentType(req.headers);
        else assertJsonContentType(req.headers);
      }
      const params = checkParams(await ctx.params);
      const https = requestProtocol(req, TRUST_PROXY) === "https:";
      const limit = readOnly ? null : (opts.limit ?? "write");
      const address = clientAddress(req.headers, { onVercel: VERCEL, trustProxy: TRUST_PROXY, peerToken: LONGRUN_PEER_TOKEN });
      return await runInRequestContext({ readOnly, limit, https, clientAddress: address }, () => fn(req, params));
    } catch (err) {
      return errorResponse(err);
    }
  };
}

function checkParams<P>(params: P): P {
  for (const [key, value] of Object.entries(params ?? {})) {
    if ((key === "id" || key.endsWith("Id")) && (typeof value !== "string" || !ID.test(value))) {
      throw new AppError("not_found", key === "id" ? "Thread not found" : "Not found");
    }
  }
  return params;
}
