import { currentUserId } from "@/lib/auth/session";
import { afterResponse } from "@/lib/background/after-response";
import { afterTurn } from "@/lib/chat/after-turn";
import { turnResponse } from "@/lib/chat/live-stream";
import { runTurn } from "@/lib/chat/turn";
import { handler } from "@/lib/http/handler";
import { ownOrigin } from "@/lib/http/own-origin";
import { parseBody } from "@/lib/http/parse-body";
import { toolApprovalSchema } from "@/lib/mcp/request-schemas";
import { inTurnSlot } from "@/lib/limits/turn-slots";
import { settleWaitingRuns } from "@/lib/routines/waiting";

export const maxDuration = 300;

/**
 * A person's answer to the tool call the thread's last reply waits on. The server decides from its
 * own stored call (lib/chat/approval-open.ts), then continues the turn: the call runs (or is
 * refused) and the model answers, streamed like any turn.
 */
export const POST = handler<{ id: string }>(
  async (req, { id }) => {
    const userId = await currentUserId();
    const body = await parseBody(req, toolApprovalSchema, 4_096);
    const turn = await inTurnSlot(() => runTurn({ userId, threadId: id, start: { kind: "approval", ...body } }));
    const origin = ownOrigin(req) ?? undefined;
    afterResponse("compaction after an approval", () => afterTurn(id, turn.outcome, { origin }));
    // In a routine's thread, the answer ends a run that was waiting for it (lib/routines/waiting.ts).
    afterResponse("a waiting routine run settled", async () => settleWaitingRuns(id, await turn.outcome));
    return turnResponse(turn);
  },
  { limit: "turn" },
);
