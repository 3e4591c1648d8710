import type { UIMessageChunk } from "ai";
import type { AnsweredCall } from "@/lib/mcp/approval";

/**
 * A continuation turn's reply opens with the call the person answered: streamText starts by running
 * (or refusing) it and streams only its result, which needs the call's part to land on. The call's
 * arguments are the stored ones (lib/mcp/approval.ts). The earlier reply keeps the answered
 * request; the model input leaves it out once this reply holds the result (model-input.ts).
 */
export function withAnsweredCall(stream: ReadableStream<UIMessageChunk>, call: AnsweredCall): ReadableStream<UIMessageChunk> {
  let opened = false;
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, out) {
        if (opened || chunk.type !== "start") return out.enqueue(chunk);
        opened = true;
        out.enqueue(chunk);
        out.enqueue({ type: "tool-input-available", toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
      },
    }),
  );
}
