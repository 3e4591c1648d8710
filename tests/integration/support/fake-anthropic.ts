import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for Anthropic's Messages API (streaming and not) that also keeps a prompt cache the
 * way Anthropic describes it: a request writes the prefix ending at each of its cache breakpoints,
 * and reads the longest earlier-written prefix ending at a breakpoint or at one of the 20 block
 * boundaries before it. Tokens are estimated at 4 characters each. The script decides the replies.
 */

export type Block = { type: string; text?: string; cache_control?: { type: string }; [key: string]: unknown };
export type AnthropicBody = {
  system: Block[];
  messages: Array<{ role: string; content: Block[] }>;
  tools?: unknown[];
  stream?: boolean;
};
export type FakeReply = { text: string } | { toolUse: { name: string; input: unknown } };
export type RecordedCall = { body: AnthropicBody; inputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };

const LOOKBACK_BLOCKS = 20;
const tokensOf = (chars: number) => Math.ceil(chars / 4);

/** Every block of the request in order (tools, system, messages), without its cache mark. */
export function requestBlocks(body: AnthropicBody): Array<{ json: string; cached: boolean }> {
  const out: Array<{ json: string; cached: boolean }> = [];
  if (body.tools?.length) out.push({ json: JSON.stringify(body.tools), cached: false });
  const push = (prefix: string, block: Block) => {
    const { cache_control, ...rest } = block;
    out.push({ json: prefix + JSON.stringify(rest), cached: cache_control?.type === "ephemeral" });
  };
  for (const block of body.system ?? []) push("system:", block);
  body.messages.forEach((message, i) => message.content.forEach((block, j) => push(`${message.role}:${i}:${j}:`, block)));
  return out;
}

export function fakeAnthropic(script: (body: AnthropicBody) => FakeReply) {
  const calls: RecordedCall[] = [];
  const cache = new Set<string>();
  let toolUses = 0;

  function account(body: AnthropicBody) {
    const blocks = requestBlocks(body);
    const keys: string[] = [];
    const sizes: number[] = [];
    let hash = "";
    let chars = 0;
    for (const block of blocks) {
      hash = createHash("sha256").update(hash).update(block.json).digest("hex");
      chars += block.json.length;
      keys.push(hash);
      sizes.push(tokensOf(chars));
    }
    let read = 0;
    const breakpoints = blocks.flatMap((b, i) => (b.cached ? [i] : []));
    for (const bp of breakpoints) {
      for (let i = bp; i >= Math.max(0, bp - LOOKBACK_BLOCKS); i--) {
        if (cache.has(keys[i]!)) {
          read = Math.max(read, sizes[i]!);
          break;
        }
      }
    }
    let written = 0;
    for (const bp of breakpoints) {
      if (!cache.has(keys[bp]!)) written = Math.max(written, sizes[bp]! - read);
      cache.add(keys[bp]!);
    }
    const total = sizes.at(-1) ?? 0;
    return { total, read, written: Math.max(0, written) };
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const body = JSON.parse(raw) as AnthropicBody;
      const { total, read, written } = account(body);
      calls.push({ body, inputTokens: total, cacheReadTokens: read, cacheWriteTokens: written });
      const reply = script(body);
      const usage = { input_tokens: total - read - written, cache_read_input_tokens: read, cache_creation_input_tokens: written };
      const content =
        "text" in reply
          ? { type: "text", text: reply.text }
          : { type: "tool_use", id: `toolu_${++toolUses}`, name: reply.toolUse.name, input: reply.toolUse.input };
      const stopReason = "text" in reply ? "end_turn" : "tool_use";
      const outputTokens = tokensOf(JSON.stringify(content).length);
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: `msg_${calls.length}`,
            type: "message",
            role: "assistant",
            model: "claude-test",
            content: [content],
            stop_reason: stopReason,
            stop_sequence: null,
            usage: { ...usage, output_tokens: outputTokens },
          }),
        );
        return;
      }
      const start =
        content.type === "text"
          ? { type: "text", text: "" }
          : { type: "tool_use", id: (content as { id: string }).id, name: (content as { name: string }).name, input: {} };
      const delta =
        content.type === "text"
          ? { type: "text_delta", text: reply && "text" in reply ? reply.text : "" }
          : { type: "input_json_delta", partial_json: JSON.stringify((content as { input: unknown }).input) };
      const events: Array<[string, unknown]> = [
        [
          "message_start",
          {
            type: "message_start",
            message: {
              id: `msg_${calls.length}`,
              type: "message",
              role: "assistant",
              model: "claude-test",
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { ...usage, output_tokens: 1 },
            },
          },
        ],
        ["content_block_start", { type: "content_block_start", index: 0, content_block: start }],
        ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
        ["content_block_stop", { type: "content_block_stop", index: 0 }],
        [
          "message_delta",
          { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } },
        ],
        ["message_stop", { type: "message_stop" }],
      ];
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(""));
    });
  });

  return {
    calls,
    server,
    /** Listens on a free port; returns the base URL to set as ANTHROPIC_BASE_URL. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** True for a chat's title request (the titler's system prompt, lib/ai/prompts.ts). */
export function isTitleCall(body: AnthropicBody): boolean {
  return (body.system ?? []).some((b) => b.text?.includes("You name conversations"));
}

/** True for a compaction request (the summarizer's system prompt), false for a chat turn. */
export function isSummarizerCall(body: AnthropicBody): boolean {
  return (body.system ?? []).some((b) => b.text?.includes("You compress a conversation"));
}
