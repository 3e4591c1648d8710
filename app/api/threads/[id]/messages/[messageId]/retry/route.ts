import { after } from "next/server";
import { currentUserId } from "@/lib/auth/session";
import { afterTurn } from "@/lib/chat/after-turn";
import { runTurn } from "@/lib/chat/turn";
import { handler } from "@/lib/http/handler";

/** Replaces an assistant message with a new reply; answers with the UI message stream. */
export const POST = handler<{ id: string; messageId: string }>(async (req, { id, messageId }) => {
  const userId = await currentUserId();
  const { response, done } = await runTurn({ userId, threadId: id, start: { kind: "retry", messageId }, signal: req.signal });
  after(() => afterTurn(id, done));
  return response;
}, { limit: "turn" });
