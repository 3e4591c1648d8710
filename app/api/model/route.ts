import { describeModel } from "@/lib/ai/registry";
import { handler } from "@/lib/http/handler";

export const GET = handler(async () => Response.json(describeModel()));
