import { countTokens } from "@/lib/ai/tokens";
import { getChatModel } from "@/lib/ai/registry";
import { countMessageTokens, messageText } from "@/lib/context";
import { appendMessage } from "@/lib/db/messages";
import { renameThread } from "@/lib/db/threads";
import { assertAwaitingReply } from "./edit";
import { prepareRetry } from "./retry";
import type { TurnStart } from "./turn-types";

/**
 * Puts the transcript in the state the turn answers, before the model is called: a new user
 * message is stored, a retried reply leaves the live transcript, an edited message must end it.
 * Returns the id of the user message being answered.
 */
export async function openTurn(userId: string, thread: { id: string; title: string }, start: TurnStart): Promise<string | null> {
  if (start.kind === "retry") return prepareRetry(thread.id, start.messageId);
  if (start.kind === "continue") {
    await assertAwaitingReply(thread.id, start.messageId);
    return start.messageId;
  }
  const text = messageText(start.parts);
  const tokens = countMessageTokens(start.parts, (t) => countTokens(t, getChatModel().family));
  const stored = await appendMessage(thread.id, { role: "user", parts: start.parts, text, tokens, runStart: start.runStart ?? false });
  if (thread.title === "New chat") await renameThread(userId, thread.id, text.replace(/\s+/g, " ").trim().slice(0, 60) || "New chat");
  return stored.id;
}
