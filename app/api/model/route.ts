import { modelInfo } from "@/lib/ai/registry";
import { handler } from "@/lib/http/handler";

// caller: public — describes the server's configured model; no user data.

export const GET = handler(async () => Response.json(modelInfo()));
