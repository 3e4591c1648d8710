import { after } from "next/server";
import { currentUserId } from "@/lib/auth/session";
import { afterTurn } from "@/lib/chat/after-turn";
import { turnResponse } from "@/lib/chat/live-stream";
import { runTurn } from "@/lib/chat/turn";
import { handler } from "@/lib/http/handler";
import { inTurnSlot } from "@/lib/limits/turn-slots";

/** Replaces an assistant message with a new reply; answers with the UI message stream. */
export const POST = handler<{ id: string; messageId: string }>(
  async (_req, { id, messageId }) => {
    const userId = await currentUserId();
    const turn = await inTurnSlot(() => runTurn({ userId, threadId: id, start: { kind: "retry", messageId } }));
    after(() => afterTurn(id, turn.outcome));
    return turnResponse(turn);
  },
  { limit: "turn" },
);
