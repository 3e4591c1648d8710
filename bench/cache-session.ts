// A long tool-heavy session against the fake Anthropic server (tests/integration/support/
// fake-anthropic.ts), used by `npm run bench -- cache` and tests/integration/cache-prefix.test.ts:
// every turn reads one workspace file of 1k-50k tokens, compaction runs after each turn as the
// chat route would run it, and every request body is kept for the checks.
import { afterTurn } from "@/lib/chat/after-turn";
import { runBoundFor } from "@/lib/chat/run-bound";
import { runTurn } from "@/lib/chat/turn";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { writeFile } from "@/lib/workspace/store";
import {
  fakeAnthropic,
  isSummarizerCall,
  isTitleCall,
  requestBlocks,
  type AnthropicBody,
  type Block,
  type RecordedCall,
} from "../tests/integration/support/fake-anthropic";

const FILE_TOKENS = [1_000, 6_000, 50_000, 2_500, 18_000, 35_000, 1_200, 12_000, 25_000, 4_000];
const SUMMARY = [
  "## Goal",
  "Read the data files one by one and report what each holds.",
  "## Decisions",
  "- (none)",
  "## Files produced",
  "- (none)",
  "## Done",
  "- Earlier files were read.",
  "## Open items",
  "- Keep reading files.",
  "## Names and paths",
  "- (none)",
].join("\n");
export const CONTEXT_WINDOW = 120_000;
const SUMMARY_LABEL = "Summary of earlier conversation:";

/** About `tokens` tokens of numbered lines (4 characters a token). */
function fileOf(tokens: number, k: number): string {
  const lines: string[] = [];
  for (let i = 0, chars = 0; chars < tokens * 4; i++) {
    const line = `file ${k} line ${i}: reading ${(i * 7919) % 10007} of the data`;
    lines.push(line);
    chars += line.length + 1;
  }
  return lines.join("\n");
}

function reply(body: AnthropicBody) {
  if (isSummarizerCall(body)) return { text: SUMMARY };
  if (isTitleCall(body)) return { text: "Numbered data files" };
  const last = body.messages.at(-1)!;
  if (last.content.some((b) => b.type === "tool_result")) return { text: "Read it; the lines are numbered data rows." };
  const text = last.content.map((b) => b.text ?? "").join(" ");
  const path = /data\/f\d+\.txt/.exec(text)?.[0] ?? "data/f0.txt";
  return { toolUse: { name: "read_file", input: { path } } };
}

export type CacheSession = {
  chatCalls: RecordedCall[];
  summarizerCalls: number;
  threadId: string;
};

/** Runs `turns` turns in a new thread of `userId` against a fresh fake server; restores the env after. */
export async function runCacheSession(userId: string, turns: number): Promise<CacheSession> {
  const fake = fakeAnthropic(reply);
  const url = await fake.listen();
  const env = {
    CHAT_MODEL: "anthropic:claude-sonnet-4-5",
    ANTHROPIC_API_KEY: "test-key-not-secret",
    ANTHROPIC_BASE_URL: url,
    // A 120k window: requests reach its limit (90%, 108k) before compaction (80%, 96k) catches up,
    // so results late in a long request are squeezed below the 20k cap.
    CONTEXT_WINDOW: String(CONTEXT_WINDOW),
  };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  resetConfigForTests();
  try {
    const thread = await createThread(userId);
    for (let k = 0; k < FILE_TOKENS.length; k++) {
      await writeFile(thread.workspaceId, {
        path: `data/f${k}.txt`,
        content: fileOf(FILE_TOKENS[k]!, k),
        baseVersion: null,
        author: "person",
      });
    }
    for (let t = 0; t < turns; t++) {
      const turn = await runTurn({
        userId,
        threadId: thread.id,
        start: {
          kind: "submit",
          parts: [{ type: "text", text: `Turn ${t}: read data/f${t % FILE_TOKENS.length}.txt and say what it holds.` }],
        },
      });
      const outcome = await turn.outcome;
      if (outcome.status !== "complete") throw new Error(`turn ${t} ended ${outcome.status}: ${outcome.error}`);
      await afterTurn(thread.id, Promise.resolve(outcome));
    }
    return {
      chatCalls: fake.calls.filter((c) => !isSummarizerCall(c.body) && !isTitleCall(c.body)),
      summarizerCalls: fake.calls.filter((c) => isSummarizerCall(c.body)).length,
      threadId: thread.id,
    };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
    await fake.close();
  }
}

const strip = (blocks: readonly Block[]) => blocks.map(({ cache_control: _mark, ...rest }) => rest);

/** The request without its cache marks, one JSON string per message. */
export function unmarked(body: AnthropicBody): { system: string; messages: string[] } {
  return {
    system: JSON.stringify(strip(body.system ?? [])),
    messages: body.messages.map((m) => JSON.stringify({ role: m.role, content: strip(m.content) })),
  };
}

/**
 * The index of the message that holds the summary block, -1 without one. In a routine run the
 * provider merges the run's start message and the summary's message into one user message.
 */
export function summaryMessageIndex(body: AnthropicBody): number {
  return body.messages.findIndex((m) => m.role === "user" && m.content.some((b) => b.text?.startsWith(SUMMARY_LABEL) === true));
}

/**
 * What the request opens with: the summary it carries, or, for a request that had to leave older
 * messages out before any summary could be used (lib/context/bounded-span.ts), the span's first
 * message (the recall note and the cut message, which moves with every such request).
 */
function opening(body: AnthropicBody): string {
  const i = summaryMessageIndex(body);
  if (i >= 0) return body.messages[i]!.content.find((b) => b.text?.startsWith(SUMMARY_LABEL))!.text!;
  const first = body.messages[0];
  return first?.content[0]?.text === runBoundFor({ contextWindow: undefined }).note.text ? JSON.stringify(strip(first.content)) : "";
}

/** Calls grouped by how the request opens: between two compactions (or bounded requests) it is the same. */
export function epochs(calls: readonly RecordedCall[]): RecordedCall[][] {
  const out: RecordedCall[][] = [];
  let key: string | undefined;
  for (const call of calls) {
    const k = opening(call.body);
    if (k !== key) out.push([]);
    key = k;
    out.at(-1)!.push(call);
  }
  return out;
}

/** Chat input tokens read from the cache, and what an ideal cache (the prefix shared with the previous request) could have read. */
export function cacheShares(calls: readonly RecordedCall[]): { read: number; ideal: number; input: number } {
  let read = 0;
  let input = 0;
  let ideal = 0;
  let previous: string[] = [];
  for (const call of calls) {
    read += call.cacheReadTokens;
    input += call.inputTokens;
    const now = requestBlocks(call.body).map((b) => b.json);
    let shared = 0;
    let chars = 0;
    while (shared < previous.length && shared < now.length && previous[shared] === now[shared]) chars += now[shared++]!.length;
    ideal += Math.ceil(chars / 4);
    previous = now;
  }
  return { read, ideal, input };
}
