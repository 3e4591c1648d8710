import { attachmentParts } from "@/lib/attachments/message-parts";
import { currentUserId } from "@/lib/auth/session";
import { runTurn } from "@/lib/chat/turn";
import { assertMessageLength } from "@/lib/chat/message-length";
import { afterResponse } from "@/lib/background/after-response";
import { afterTurn } from "@/lib/chat/after-turn";
import { turnResponse } from "@/lib/chat/live-stream";
import { config } from "@/lib/config";
import { messageText } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { chatBodyLimit } from "@/lib/http/body-limits.mjs";
import { handler } from "@/lib/http/handler";
import { ownOrigin } from "@/lib/http/own-origin";
import { parseBody } from "@/lib/http/parse-body";
import { inTurnSlot } from "@/lib/limits/turn-slots";
import { chatBodySchema } from "@/lib/http/schemas";

// Long replies stream for a while; never let the platform cut them short silently.
export const maxDuration = 300;

/**
 * Adapts the turn runner to HTTP. The request's signal is not passed on: a closed tab must not
 * cut the reply short (it is stored whole); Stop is POST /api/threads/:id/turn/stop.
 */
export const POST = handler(
  async (req) => {
    const userId = await currentUserId();
    const cap = config().MAX_MESSAGE_CHARS;
    const body = await parseBody(req, chatBodySchema, chatBodyLimit(cap));
    let start: Parameters<typeof runTurn>[0]["start"];
    if (body.trigger === "submit-message" && body.message) {
      const parts = body.message.parts.map((p) => ({ type: "text" as const, text: p.text }));
      assertMessageLength(messageText(parts).length, cap);
      const attached = await attachmentParts(userId, body.id, body.attachments ?? []);
      if (!messageText(parts).trim() && attached.length === 0)
        throw new AppError("invalid_body", 'Invalid field "message.parts": message is empty', { field: "message.parts" });
      start = { kind: "submit", parts: [...parts, ...attached] };
    } else {
      start = { kind: "regenerate", messageId: body.messageId ?? "" };
    }
    const turn = await inTurnSlot(() => runTurn({ userId, threadId: body.id, start }));
    const origin = ownOrigin(req) ?? undefined;
    afterResponse("compaction after a turn", () => afterTurn(body.id, turn.outcome, { origin }));
    return turnResponse(turn);
  },
  { limit: "turn" },
);
