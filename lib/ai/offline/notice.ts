/** First sentence of every fresh offline reply, so nobody mistakes it for a real model. */
export const OFFLINE_NOTICE =
  "(Offline model — set CHAT_MODEL and OPENAI_API_KEY / ANTHROPIC_API_KEY / OPENAI_COMPATIBLE_BASE_URL to use a real one.)";

/** The canned answer of respond.ts's defaultAnswer: it quotes the user, so summaries must skip it. */
export const FIXED_REPLY_PATTERN =
  /(?:You said: "[^\n]*"|You sent an empty message\.) This is a fixed reply to user message \d+ \(\d+ tokens of context\); I cannot reason offline\./g;
