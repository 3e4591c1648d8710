import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt } from "./support/seed";
import { countTokens } from "@/lib/ai/tokens";
import { resetConfigForTests } from "@/tests/support/config";
import { TOOL_OUTPUT_DIR } from "@/lib/context";
import { createThread } from "@/lib/db/threads";
import { writeFile } from "@/lib/workspace/store";

const WINDOW = 8000;
const BIG = Array.from({ length: 1000 }, (_, i) => `Line ${i + 1}: src/mod${i}/file${i}.ts is still pending.`).join("\n");

// One turn alone larger than the model's window: the offline model throws its real
// context_length_exceeded error above OFFLINE_CONTEXT_WINDOW.
describe.each(testDatabases())("overflow recovery with the offline model on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    Object.assign(process.env, { OFFLINE_CONTEXT_WINDOW: String(WINDOW), OFFLINE_DELAY_MS: "0" });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.OFFLINE_CONTEXT_WINDOW;
    resetConfigForTests();
    await env?.drop();
  });

  it("a tool result larger than the window is shortened in the input, the turn completes, and the full output is in the workspace", async () => {
    expect(countTokens(BIG)).toBeGreaterThan(WINDOW);
    const t = await createThread(userId);
    await writeFile(t.workspaceId, { path: "big.md", content: BIG, baseVersion: null, author: "person" });

    const first = await completeTurn(userId, t.id, textStart("read big.md"));
    expect(first.outcome).toMatchObject({ status: "complete", overflow: false });
    const calls = await env.db.modelCall.findMany({ where: { threadId: t.id, kind: "chat" }, orderBy: { createdAt: "asc" } });
    expect(calls).toHaveLength(2);
    expect(calls[1].inputTokens!).toBeLessThan(WINDOW);

    const saved = await env.db.workspaceFile.findMany({
      where: { workspaceId: t.workspaceId, path: { startsWith: `${TOOL_OUTPUT_DIR}/` } },
    });
    expect(saved).toHaveLength(1);
    expect(saved[0].content).toContain("Line 1: src/mod0/file0.ts");
    expect(saved[0].content).toContain("Line 1000: src/mod999/file999.ts is still pending.");

    // The next turn carries the stored (full) tool result: it is shortened again, never an overflow loop.
    const second = await completeTurn(userId, t.id, textStart("echo input"));
    expect(second.outcome).toMatchObject({ status: "complete", overflow: false });
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "assistant" }, orderBy: { seq: "desc" } });
    const seen = JSON.stringify(echoedPrompt(reply.text).messages);
    expect(seen).toContain(`The full output is saved in the workspace file ${saved[0].path}`);
    expect(seen).toContain("Line 1: src/mod0/file0.ts");
    expect(seen).toContain("Line 1000: src/mod999/file999.ts");
    expect(seen).not.toContain("Line 500: ");
    // Shortening is deterministic and the file is not written twice.
    expect(await env.db.fileVersion.count({ where: { workspaceId: t.workspaceId, path: saved[0].path } })).toBe(1);
  });
});
