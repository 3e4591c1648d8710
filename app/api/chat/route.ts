import { after } from "next/server";
import { currentUserId } from "@/lib/auth/session";
import { runTurn } from "@/lib/chat/turn";
import { regenerationStart } from "@/lib/chat/retry";
import { afterTurn } from "@/lib/chat/after-turn";
import { config } from "@/lib/config";
import { messageText } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { chatBodySchema } from "@/lib/http/schemas";

// Long replies stream for a while; never let the platform cut them short silently.
export const maxDuration = 300;

export const POST = handler(async (req) => {
  const userId = await currentUserId();
  const cap = config().MAX_MESSAGE_CHARS;
  const body = await parseBody(req, chatBodySchema, cap * 4 + 16_384);
  let start: Parameters<typeof runTurn>[0]["start"];
  if (body.trigger === "submit-message" && body.message) {
    const parts = body.message.parts.map((p) => ({ type: "text" as const, text: p.text }));
    if (messageText(parts).length > cap) throw new AppError("too_large", `Message is longer than ${cap} characters`);
    if (!messageText(parts).trim()) throw new AppError("invalid_body", 'Invalid field "message.parts": message is empty', { field: "message.parts" });
    start = { kind: "submit", parts };
  } else {
    start = await regenerationStart(body.id, body.messageId ?? "");
  }
  const { response, done } = await runTurn({ userId, threadId: body.id, start, signal: req.signal });
  after(() => afterTurn(body.id, done));
  return response;
}, { limit: "turn" });
