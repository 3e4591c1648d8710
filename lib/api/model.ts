import type { z } from "zod";
import type { modelInfo } from "@/lib/ai/registry";
import type { threadModelSchema } from "@/lib/http/schemas";
import type { ModelOption } from "@/lib/ai/catalog";

/** GET /api/model */
export type ModelInfo = ReturnType<typeof modelInfo>;

/** GET /api/models: what a thread may pick; `defaultModel` is CHAT_MODEL (used when a thread picked none). */
export type ModelsResponse = { defaultModel: string; models: ModelOption[] };

export type { ModelOption };

/** PUT /api/threads/:id/model */
export type ThreadModelRequest = z.input<typeof threadModelSchema>;
