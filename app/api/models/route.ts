import { config } from "@/lib/config";
import { handler } from "@/lib/http/handler";
import { availableModels, defaultModelId } from "@/lib/ai/catalog";

// caller: public — the same for everyone: what this server is configured to call, nothing about anyone's data.
export const GET = handler(async () => {
  const c = config();
  return Response.json({ defaultModel: defaultModelId(c), models: availableModels(c) });
});
