import { describe, expect, it } from "vitest";
import { testDatabases } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { mcpTestBed } from "./support/mcp-settings";
import { resetConfigForTests } from "@/tests/support/config";
import { createUIMessageStreamResponse } from "ai";
import { runTurn } from "@/lib/chat/turn";
import { createThread } from "@/lib/db/threads";
import type { MessagePart } from "@/lib/db/messages";
import { resolveAction } from "@/lib/actions/resolve";
import { sweepActions } from "@/lib/actions/sweep";
import { setOwnMcpMode } from "@/lib/mcp/policy-store";
import { actionProviderByName } from "@/lib/sweep/action-providers";

type ToolPart = { type: string; output?: Record<string, unknown> };

/*
 * MCP calls through the action ledger (issue 38 item 3), on both databases, against the real test
 * MCP server with calls counted on its side. A call that may change something is journaled before
 * it leaves and runs once: regenerating the reply answers from the ledger. A call whose answer never
 * comes is `unknown`, the sweeper never re-sends it (a person decides in Actions), and "run again"
 * is the person's. A trusted read-only call is not journaled.
 */
describe.each(testDatabases())("MCP calls through the action ledger on $name", (target) => {
  const bed = mcpTestBed(target);

  const partsOf = async (messageId: string) =>
    (JSON.parse((await bed.env.db.message.findUniqueOrThrow({ where: { id: messageId } })).parts) as MessagePart[]).filter((p) =>
      p.type.startsWith("tool-"),
    ) as ToolPart[];
  const calls = (tool: string) => bed.web.calls.filter((c) => c === tool).length;

  it("journals an allowed call that may change something, runs it once, and answers a regenerated reply from the ledger", async () => {
    const t = await createThread(bed.userId);
    await setOwnMcpMode(bed.userId, t.id, "web__delete_everything", "allow");
    const before = calls("delete_everything");
    const { outcome } = await completeTurn(bed.userId, t.id, textStart("Clean up.\ncall web__delete_everything {}"));
    expect(outcome.status).toBe("complete");
    expect(calls("delete_everything")).toBe(before + 1);
    const [row] = await bed.env.db.actionLedger.findMany({ where: { threadId: t.id } });
    expect(row).toMatchObject({ type: "mcp_call", provider: "mcp", status: "succeeded", resultId: "web__delete_everything" });
    expect(JSON.parse(row.request)).toEqual({
      server: "web",
      own: false,
      tool: "delete_everything",
      name: "web__delete_everything",
      arguments: {},
    });
    expect((await partsOf(outcome.assistantMessageId))[0].output).toMatchObject({ ok: true, content: "deleted" });

    const again = await runTurn({
      userId: bed.userId,
      threadId: t.id,
      start: { kind: "regenerate", messageId: outcome.assistantMessageId },
    });
    await createUIMessageStreamResponse({ stream: again.stream }).text();
    const second = await again.outcome;
    expect(calls("delete_everything")).toBe(before + 1);
    expect((await partsOf(second.assistantMessageId))[0].output).toMatchObject({
      ok: true,
      content: "deleted",
      note: expect.stringMatching(/already made/),
    });
    expect(await bed.env.db.actionLedger.count({ where: { threadId: t.id } })).toBe(1);
  });

  it("does not journal a trusted read-only call", async () => {
    const t = await createThread(bed.userId);
    const { outcome } = await completeTurn(bed.userId, t.id, textStart('call web__lookup {"word": "lease"}'));
    expect((await partsOf(outcome.assistantMessageId))[0].output).toMatchObject({ ok: true });
    expect(await bed.env.db.actionLedger.count({ where: { threadId: t.id } })).toBe(0);
  });

  it("leaves a call whose answer never came unknown; the sweeper hands it to a person, who may run it again", async () => {
    process.env.MCP_CALL_TIMEOUT_MS = "1000";
    resetConfigForTests();
    const t = await createThread(bed.userId);
    await setOwnMcpMode(bed.userId, t.id, "webx__hang", "allow");
    const before = calls("hang");
    try {
      const { outcome } = await completeTurn(bed.userId, t.id, textStart("call webx__hang {}"));
      expect(outcome.status).toBe("complete");
      expect((await partsOf(outcome.assistantMessageId))[0].output).toMatchObject({ ok: false, error: "outcome_unknown" });
      expect(calls("hang")).toBe(before + 1);
      const row = await bed.env.db.actionLedger.findFirstOrThrow({ where: { threadId: t.id } });
      expect(row).toMatchObject({ status: "unknown", errorCode: "timeout", provider: "mcp" });

      await sweepActions({ providerFor: actionProviderByName });
      expect(await bed.env.db.actionLedger.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "needs_human" });
      expect(calls("hang")).toBe(before + 1); // never re-sent blindly

      const decided = resolveAction({ userId: bed.userId, threadId: t.id, key: row.key, decision: "send_again" }, actionProviderByName);
      await decided;
      expect(calls("hang")).toBe(before + 2);
    } finally {
      process.env.MCP_CALL_TIMEOUT_MS = "20000";
      resetConfigForTests();
    }
  });
});
