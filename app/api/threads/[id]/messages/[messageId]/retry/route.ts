import { currentUserId } from "@/lib/auth/session";
import { afterResponse } from "@/lib/background/after-response";
import { afterTurn } from "@/lib/chat/after-turn";
import { turnResponse } from "@/lib/chat/live-stream";
import { runTurn } from "@/lib/chat/turn";
import { handler } from "@/lib/http/handler";
import { ownOrigin } from "@/lib/http/own-origin";
import { inTurnSlot } from "@/lib/limits/turn-slots";

/** Replaces an assistant message with a new reply; answers with the UI message stream. */
export const POST = handler<{ id: string; messageId: string }>(
  async (req, { id, messageId }) => {
    const userId = await currentUserId();
    const turn = await inTurnSlot(() => runTurn({ userId, threadId: id, start: { kind: "retry", messageId } }));
    const origin = ownOrigin(req) ?? undefined;
    afterResponse("compaction after a retry", () => afterTurn(id, turn.outcome, { origin }));
    return turnResponse(turn);
  },
  { limit: "turn" },
);
