import type { TurnErrorCode } from "@/lib/api";

/**
 * The one place a turn's error code becomes words for a person. The server decides the code
 * (lib/chat/turn-failure.ts); an unknown code falls back to the server's own sentence.
 */
const WORDS: Record<TurnErrorCode | "turn_in_progress", string> = {
  context_overflow: "The conversation was too long for the model. Earlier messages are being summarized; retry in a moment.",
  rate_limited: "The model provider is limiting requests right now. Wait a moment, then retry.",
  auth: "The model provider refused the credentials. Check the API key in the server's settings.",
  provider_down: "The model provider could not be reached or failed. Retry in a moment.",
  bad_request: "The model provider rejected the request (see its message below); retrying the same request will not help.",
  tool_failed: "A tool the agent used failed, so the reply ended early.",
  interrupted: "The reply was cut off before it finished (the server stopped mid-reply). The text so far is kept; retry for a full reply.",
  internal: "Something went wrong on the server. Nothing you sent was lost; retry.",
  turn_in_progress:
    "A reply is already being written in this chat (in another tab). Your message is queued: it is sent when that reply ends.",
};

export function turnErrorWords(code: string | null | undefined, fallback: string | null = null): string | null {
  if (code && code in WORDS) return WORDS[code as keyof typeof WORDS];
  return fallback;
}
