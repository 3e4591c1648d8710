import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { seedConversation, seedSummary } from "./support/seed";
import { inspectContext } from "@/lib/chat/inspect";
import { resetConfigForTests } from "@/lib/config";
import { createThread } from "@/lib/db/threads";

type Block = { type: string; text?: string; cache_control?: { type: string } };
type AnthropicBody = { system: Block[]; messages: Array<{ role: string; content: Block[] }> };

const CACHE_READ = 1234;

/** Answers like Anthropic's streaming Messages API and keeps every request body. */
function fakeAnthropic() {
  const bodies: AnthropicBody[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      bodies.push(JSON.parse(raw) as AnthropicBody);
      const events: Array<[string, unknown]> = [
        [
          "message_start",
          {
            type: "message_start",
            message: {
              id: "msg_1",
              type: "message",
              role: "assistant",
              model: "claude-test",
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: CACHE_READ, output_tokens: 1 },
            },
          },
        ],
        ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
        ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Noted." } }],
        ["content_block_stop", { type: "content_block_stop", index: 0 }],
        ["message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 2 } }],
        ["message_stop", { type: "message_stop" }],
      ];
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(""));
    });
  });
  return { server, bodies };
}

const cached = (block: Block | undefined) => block?.cache_control?.type === "ephemeral";

describe.each(testDatabases().filter((d) => d.name === "sqlite"))("Anthropic prompt caching on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  const fake = fakeAnthropic();
  beforeAll(async () => {
    // Port 0: the OS picks a free port, so parallel runs never collide.
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    Object.assign(process.env, {
      CHAT_MODEL: "anthropic:claude-sonnet-4-5",
      ANTHROPIC_API_KEY: "test-key-not-secret",
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}/v1`,
    });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const key of ["CHAT_MODEL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"]) delete process.env[key];
    resetConfigForTests();
    fake.server.close();
    await env?.drop();
  });

  it("puts breakpoints on the system prompt and the summary message, keeps that prefix identical across turns, and shows cache reads per call", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Move callers to loadAccount."],
      ["assistant", "Loader ready."],
      ["user", "Keep the CLI output unchanged."],
      ["assistant", "Will do."],
    ]);
    await seedSummary(env.db, t.id, "## Goal\nMove callers to loadAccount.", m[2].id);

    await completeTurn(userId, t.id, textStart("Next caller, please."));
    await completeTurn(userId, t.id, textStart("And the one after."));
    expect(fake.bodies).toHaveLength(2);
    const [first, second] = fake.bodies as [AnthropicBody, AnthropicBody];

    expect(cached(first.system.at(-1))).toBe(true);
    expect(first.messages[0]!.content[0]!.text).toMatch(/^Summary of earlier conversation:/);
    expect(cached(first.messages[0]!.content.at(-1))).toBe(true);
    expect(cached(first.messages.at(-1)!.content.at(-1))).toBe(true);
    // Nothing else is marked: Anthropic allows four breakpoints.
    const marks = first.messages.flatMap((msg) => msg.content).filter(cached).length + first.system.filter(cached).length;
    expect(marks).toBe(3);
    // Between compactions the cached prefix is byte-identical.
    expect(JSON.stringify(second.system)).toBe(JSON.stringify(first.system));
    expect(JSON.stringify(second.messages[0])).toBe(JSON.stringify(first.messages[0]));

    const calls = await env.db.modelCall.findMany({ where: { threadId: t.id, kind: "chat" } });
    expect(calls.map((c) => c.cacheReadTokens)).toEqual([CACHE_READ, CACHE_READ]);
    const inspected = await inspectContext(t.id, { includeInput: false });
    expect(inspected.calls.map((c) => c.cacheReadTokens)).toEqual([CACHE_READ, CACHE_READ]);
  });

  it("marks no summary breakpoint when there is no summary", async () => {
    fake.bodies.length = 0;
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart("Hello."));
    const body = fake.bodies[0]!;
    expect(cached(body.system.at(-1))).toBe(true);
    expect(body.messages).toHaveLength(1);
    // The only message is also the last one: one breakpoint on it.
    expect(body.messages[0]!.content.filter(cached)).toHaveLength(1);
  });
});
