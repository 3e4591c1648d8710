import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt } from "./support/seed";
import { createThread } from "@/lib/db/threads";
import { runCompaction } from "@/lib/compaction/run";
import { writeFile } from "@/lib/workspace/store";
import { resetConfigForTests } from "@/tests/support/config";

const ITEMS = ["src/api/accounts.ts", "src/jobs/reconcile.ts", "src/cli/accounts.ts"];
const CHECKLIST = ["# Move callers from `getAccount` to `loadAccount`", ...ITEMS.map((p) => `- [ ] \`${p}\``)].join("\n");
const tick = (path: string) => `read migration.md\nedit migration.md\n\`\`\`\n- [ ] \`${path}\`\n\`\`\`\n\`\`\`\n- [x] \`${path}\`\n\`\`\``;

// The replayable scripted task: write a checklist, do one item per turn, tick it off; after a
// compaction the agent still finds what remains in the file, not in the transcript.
describe.each(testDatabases())("scripted workspace task on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    process.env.CONTEXT_RECENT_TOKENS = "300";
    process.env.COMPACT_AT_INPUT_TOKENS = "400"; // spans under a quarter of this are not compacted
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  it("writes the checklist, ticks one item per turn, and finds the remaining items after compaction", async () => {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart(`write migration.md\n\`\`\`\n${CHECKLIST}\n\`\`\``));
    const file = () => env.db.workspaceFile.findFirstOrThrow({ where: { workspaceId: t.workspaceId, path: "migration.md" } });
    expect((await file()).content).toBe(CHECKLIST);

    await completeTurn(userId, t.id, textStart(tick(ITEMS[0])));
    expect((await file()).content).toContain(`- [x] \`${ITEMS[0]}\``);
    // The person adds a constraint in the panel between turns.
    const current = await file();
    await writeFile(t.workspaceId, {
      path: "migration.md",
      content: `${current.content}\n\nKeep CLI output unchanged.`,
      baseVersion: current.version,
      author: "person",
    });
    await completeTurn(userId, t.id, textStart(tick(ITEMS[1])));
    const afterTwo = await file();
    expect(afterTwo.content).toContain(`- [x] \`${ITEMS[1]}\``);
    expect(afterTwo.content).toContain("Keep CLI output unchanged.");
    expect(afterTwo.lastAuthor).toBe("agent");

    // Older turns leave the model input; the file stays.
    const compacted = await runCompaction(t.id, "threshold");
    expect(compacted.status).toBe("saved");
    await completeTurn(userId, t.id, textStart("read migration.md\necho input"));
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "assistant" }, orderBy: { seq: "desc" } });
    const seen = echoedPrompt(reply.text);
    expect(seen.messages[0].parts[0].text).toMatch(/^Summary of earlier conversation:/);
    const verbatim = seen.messages.map((m, i) => (i === 0 ? { ...m, parts: m.parts.slice(1) } : m));
    expect(JSON.stringify(verbatim)).not.toContain("write migration.md");
    expect(reply.text).toContain(`- [ ] \`${ITEMS[2]}\``);
    expect(reply.text).toContain("Keep CLI output unchanged.");

    const versions = await env.db.fileVersion.findMany({
      where: { workspaceId: t.workspaceId, path: "migration.md" },
      orderBy: { version: "asc" },
    });
    expect(versions.map((v) => v.author)).toEqual(["agent", "agent", "person", "agent"]);
    expect(versions[0].messageId).not.toBeNull();
  });
});
