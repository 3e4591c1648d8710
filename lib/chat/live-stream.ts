import { createUIMessageStreamResponse, UI_MESSAGE_STREAM_HEADERS } from "ai";
import { afterResponse } from "@/lib/background/after-response";
import { createResumableStreamContext, type ResumableStreamContext } from "resumable-stream";
import { config } from "@/lib/config";
import type { RunningTurn } from "./turn";
import { activeTurn } from "./turn-lease";

/**
 * With REDIS_URL, a turn's SSE stream is also published to Redis (package resumable-stream), so a
 * reloaded page, on any instance, resumes the live stream itself. Without Redis the page follows
 * the stored partial reply until it settles; both end in the same stored row.
 */
let context: ResumableStreamContext | null | undefined;

function liveStreams(): ResumableStreamContext | null {
  if (context === undefined) {
    context = config().REDIS_URL ? createResumableStreamContext({ waitUntil: (p) => afterResponse("live stream publish", () => p) }) : null;
  }
  return context;
}

/**
 * A reply streams a few bytes per word, flushed at once. Compressing it (Next gzips responses)
 * cost a server about a sixth of its busy CPU under 30 concurrent chats (a CPU profile during
 * `npm run bench -- load`) and saves little; "no-transform" tells Next, and any proxy on the way,
 * to pass the stream through as it is.
 */
const STREAM_HEADERS = { ...UI_MESSAGE_STREAM_HEADERS, "cache-control": "no-cache, no-transform" };

/** The turn as an HTTP response; the stream id is the reply's message id. */
export function turnResponse(turn: RunningTurn): Response {
  const live = liveStreams();
  return createUIMessageStreamResponse({
    stream: turn.stream,
    headers: STREAM_HEADERS,
    consumeSseStream: live
      ? async ({ stream }) => {
          await live
            .createNewResumableStream(turn.assistantMessageId, () => stream)
            .catch((e) => console.error("[live stream not published]", e));
        }
      : undefined,
  });
}

/**
 * A turn holds the thread (its lease row) a moment before its stream is published: the publish
 * starts when the HTTP response begins to flow. A resume that lands in that moment (another tab,
 * another instance, right after the send) waits for the publish instead of answering "nothing to
 * resume" while the turn runs.
 */
const PUBLISH_WAIT_MS = 3_000;
const PUBLISH_POLL_MS = 50;

/** The running turn's live stream, or 204 when there is none to resume (or no Redis). */
export async function resumeTurnResponse(threadId: string): Promise<Response> {
  const live = liveStreams();
  const stream = live ? await publishedStream(live, threadId) : null;
  if (!stream) return new Response(null, { status: 204 });
  return new Response(stream.pipeThrough(new TextEncoderStream()), { headers: STREAM_HEADERS });
}

async function publishedStream(live: ResumableStreamContext, threadId: string): Promise<ReadableStream<string> | null> {
  const deadline = Date.now() + PUBLISH_WAIT_MS;
  for (;;) {
    const turn = await activeTurn(threadId);
    if (!turn) return null;
    // undefined: not published yet; null: published and already done.
    const stream = await live.resumeExistingStream(turn.assistantMessageId);
    if (stream !== undefined || Date.now() >= deadline) return stream ?? null;
    await new Promise((resolve) => setTimeout(resolve, PUBLISH_POLL_MS));
  }
}
