import type { LanguageModelV4Prompt } from "@ai-sdk/provider";

/*
 * What the offline model counts for file parts (an attached image while its message is recent):
 * its serialized line says only "[file image/png name]", so the bytes' cost is added here, the way
 * a provider bills an image: about bytes / 750 tokens, at least 85 and at most 1,600 (what a
 * downscaled image costs), and 1,000 when the size cannot be told (a URL).
 */

const MIN_IMAGE_TOKENS = 85;
const MAX_IMAGE_TOKENS = 1_600;

function byteLength(data: unknown): number | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as { type?: string; data?: unknown };
  if (d.type !== "data") return null;
  if (d.data instanceof Uint8Array) return d.data.byteLength;
  if (typeof d.data === "string") return Math.floor((d.data.length * 3) / 4);
  return null;
}

export function fileTokens(prompt: LanguageModelV4Prompt): number {
  let total = 0;
  for (const message of prompt) {
    if (message.role === "system") continue;
    for (const part of message.content) {
      if (part.type !== "file") continue;
      const bytes = byteLength(part.data);
      total += bytes === null ? 1_000 : Math.min(MAX_IMAGE_TOKENS, Math.max(MIN_IMAGE_TOKENS, Math.ceil(bytes / 750)));
    }
  }
  return total;
}
