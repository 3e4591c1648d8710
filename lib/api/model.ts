import type { describeModel } from "@/lib/ai/registry";

/** GET /api/model */
export type ModelInfo = ReturnType<typeof describeModel>;
