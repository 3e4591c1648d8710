/** First sentence of every fresh offline reply, so nobody mistakes it for a real model. */
export const OFFLINE_NOTICE =
  "(Offline model — set CHAT_MODEL and OPENAI_API_KEY / ANTHROPIC_API_KEY / OPENAI_COMPATIBLE_BASE_URL to use a real one.)";
