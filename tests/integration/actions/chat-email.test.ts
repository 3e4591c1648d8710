import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { completeTurn, textStart } from "../support/turns";
import { listThreadActions } from "@/lib/actions/list";
import { editOwnMessage } from "@/lib/chat/edit";
import { showVersion } from "@/lib/chat/show-version";
import { createThread } from "@/lib/db/threads";

const EMAIL = [
  "Please send it.",
  "email me@example.com",
  "subject: Weekly report",
  "```",
  "# Week 48",
  "",
  "- shipped the ledger",
  "```",
].join("\n");

type Part = { type: string; state?: string; output?: { state?: string; deduplicated?: boolean; key?: string } };

// The offline model calls send_email from the `email` directive; the key is the answered user
// message plus the intent, so a regenerated reply sends nothing new and a new request does.
describe.each(testDatabases())("send_email from a chat turn on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  const lastReplyTool = async (threadId: string) => {
    const reply = await env.db.message.findFirstOrThrow({
      where: { threadId, role: "assistant", deletedAt: null },
      orderBy: { seq: "desc" },
    });
    const parts = JSON.parse(reply.parts) as Part[];
    return { reply, tool: parts.find((p) => p.type === "tool-send_email") };
  };

  it("sends once per user request, however often the reply is regenerated", async () => {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart(EMAIL));
    const user = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "user" } });
    const first = await lastReplyTool(t.id);
    expect(first.tool?.output).toMatchObject({
      state: "sent",
      deduplicated: false,
      key: `${user.id}:send_email:me@example.com:Weekly report`,
    });
    const outbox = await env.db.outboxMessage.findMany({ where: { threadId: t.id } });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: "me@example.com", subject: "Weekly report", transport: "outbox" });
    expect(outbox[0].html).toContain("<li>shipped the ledger</li>");

    await completeTurn(userId, t.id, { kind: "retry", messageId: first.reply.id });
    const again = await lastReplyTool(t.id);
    expect(again.reply.id).not.toBe(first.reply.id);
    expect(again.tool?.output).toMatchObject({ state: "sent", deduplicated: true });
    expect(await env.db.outboxMessage.count({ where: { threadId: t.id } })).toBe(1);

    // The person asks again in a new message: a new request, a new key, a second email.
    await completeTurn(userId, t.id, textStart(EMAIL));
    expect(await env.db.outboxMessage.count({ where: { threadId: t.id } })).toBe(2);
    const actions = await env.db.actionLedger.findMany({ where: { threadId: t.id } });
    expect(actions.map((a) => a.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("an edit before a sent email does not unsend it: the action says it came from a version not shown", async () => {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart(EMAIL));
    const asked = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "user" } });
    expect((await listThreadActions(userId, t.id)).map((a) => a.fromOtherVersion)).toEqual([false]);

    const edited = await editOwnMessage(userId, t.id, asked.id, "Never mind, do not send anything.");
    const [action] = await listThreadActions(userId, t.id);
    expect(action).toMatchObject({ status: "succeeded", fromOtherVersion: true });
    expect(await env.db.outboxMessage.count({ where: { threadId: t.id } })).toBe(1);

    // Back on the version that asked for it, the action is from the path shown again.
    await showVersion(userId, t.id, asked.id);
    expect((await listThreadActions(userId, t.id))[0].fromOtherVersion).toBe(false);
    await showVersion(userId, t.id, edited.id);
    expect((await listThreadActions(userId, t.id))[0].fromOtherVersion).toBe(true);
  });
});
