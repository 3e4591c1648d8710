import { errorResponse } from "@/lib/errors";

type Ctx<P> = { params: Promise<P> };

/** Route handlers stay thin: parse, authorize, call lib/, shape the response. Errors map here. */
export function handler<P = Record<string, never>>(fn: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, ctx: Ctx<P>): Promise<Response> => {
    try {
      return await fn(req, await ctx.params);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
