import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt, seedConversation } from "./support/seed";
import { resetConfigForTests } from "@/tests/support/config";
import { pdf, png } from "@/tests/support/attachment-files";
import { addAttachments } from "@/lib/attachments/add";
import { attachmentParts } from "@/lib/attachments/message-parts";
import { runCompaction } from "@/lib/compaction/run";
import { createThread } from "@/lib/db/threads";
import { inspectContext } from "@/lib/chat/inspect";
import { countTokens } from "@/lib/ai/tokens";

type Part = { type: string; text?: string; mediaType?: string; data?: string; filename?: string };

// An image attachment reaches the model as a file part while its message is in the recent span,
// and after compaction only by its path: in the summary, never as bytes. A PDF reaches it as a
// note naming its path and its extracted text's path.
describe.each(testDatabases())("attachments in the model input on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  const useSmallBudgets = () => {
    process.env.CONTEXT_RECENT_TOKENS = "60";
    process.env.COMPACT_AT_INPUT_TOKENS = "100";
    process.env.OFFLINE_DELAY_MS = "0";
    resetConfigForTests();
  };
  const saved = { ...process.env };
  beforeAll(async () => {
    useSmallBudgets();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  beforeEach(useSmallBudgets);
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await env?.drop();
  });

  const lastReply = (threadId: string) =>
    env.db.message.findFirstOrThrow({ where: { threadId, role: "assistant" }, orderBy: { seq: "desc" } });

  it("sends the image while recent, and only its path once its message is before the cut", async () => {
    const t = await createThread(userId);
    const written = await addAttachments(userId, t.id, [
      { name: "screen.png", bytes: png(64, 48) },
      { name: "spec.pdf", bytes: await pdf(["Page one.", "Page two."]) },
    ]);
    const parts = await attachmentParts(
      userId,
      t.id,
      written.map((w) => w.path),
    );
    // Uploaded but never sent in a message: the thread has it, no request carries it.
    await addAttachments(userId, t.id, [{ name: "later.txt", bytes: new TextEncoder().encode("for another turn") }]);
    const notSent = { path: "attachments/later.txt", mediaType: "text/plain", size: 16, tokens: 0, reason: "not_sent" };
    const first = await completeTurn(userId, t.id, { kind: "submit", parts: [{ type: "text", text: "echo input" }, ...parts] });
    expect(first.outcome.status).toBe("complete");
    const seen = echoedPrompt((await lastReply(t.id)).text).messages;
    const user = seen.at(-1)!.parts as Part[];
    expect(user).toContainEqual({ type: "file", mediaType: "image/png", filename: "attachments/screen.png", data: "data" });
    const notes = user.filter((p) => p.type === "text").map((p) => p.text);
    const screen = written[0].size;
    expect(notes).toContain(`[Attached: workspace file attachments/screen.png (image/png, ${screen} bytes, 64x48 px)]`);
    expect(notes.join("\n")).toMatch(
      /\[Attached: workspace file attachments\/spec\.pdf \(application\/pdf, .+, 2 pages\); its text is in the workspace file attachments\/spec\.pdf\.md\]/,
    );
    // The offline model counts the image's bytes, not only its one-line description.
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id, kind: "chat" } });
    expect(call.inputTokens).toBeGreaterThan(85);
    // The recorded input names the image but does not keep its bytes.
    expect(call.input).toContain("data:image/png;base64,[bytes not recorded]");

    // The inspector lists what the next request carries, with the estimate the context budget counts.
    const recent = (await inspectContext(t.id, { includeInput: false })).attachments;
    expect(recent.carried.map((a) => [a.path, a.asImage])).toEqual([
      ["attachments/screen.png", true],
      ["attachments/spec.pdf", false],
    ]);
    const [image, doc] = recent.carried;
    expect(image).toMatchObject({ mediaType: "image/png", size: screen });
    // Each costs the note the model read, and the image 64 x 48 px / 750, rounded up.
    const noteOf = (path: string) => notes.find((n) => n?.startsWith(`[Attached: workspace file ${path} `))!;
    expect(image.tokens).toBe(countTokens(noteOf("attachments/screen.png")) + 5);
    expect(doc.tokens).toBe(countTokens(noteOf("attachments/spec.pdf")));
    expect(recent.tokens).toBe(image.tokens + doc.tokens);
    expect(recent.notCarried).toEqual([notSent]);

    // Later talk pushes the attachment's message before the cut.
    await seedConversation(t.id, [
      ["user", "Now migrate src/cli/accounts.ts, keep the output unchanged, then update the changelog for the 2.4 release."],
      ["assistant", "Migrated src/cli/accounts.ts; the output is unchanged and the changelog lists it under 2.4."],
    ]);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    const cut = await env.db.message.findUniqueOrThrow({ where: { id: summary.cutMessageId } });
    const attachedMessage = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "user" }, orderBy: { seq: "asc" } });
    expect(cut.seq).toBeGreaterThan(attachedMessage.seq);
    expect(summary.text).toContain("attachments/screen.png");
    const compacted = (await inspectContext(t.id, { includeInput: false })).attachments;
    expect(compacted.carried).toEqual([]);
    expect(compacted.tokens).toBe(0);
    expect(compacted.notCarried).toEqual([
      { path: "attachments/screen.png", mediaType: "image/png", size: screen, tokens: 0, reason: "before_cut" },
      { path: "attachments/spec.pdf", mediaType: "application/pdf", size: doc.size, tokens: 0, reason: "before_cut" },
      notSent,
    ]);
    // A deleted attachment file is gone from the list.
    await env.db.workspaceFile.updateMany({ where: { workspaceId: t.workspaceId, path: notSent.path }, data: { deletedAt: new Date() } });
    const paths = (await inspectContext(t.id, { includeInput: false })).attachments.notCarried.map((a) => a.path);
    expect(paths).toEqual(["attachments/screen.png", "attachments/spec.pdf"]);

    await completeTurn(userId, t.id, textStart("echo input"));
    const after = echoedPrompt((await lastReply(t.id)).text).messages;
    const flat = JSON.stringify(after);
    expect(flat).not.toContain('"type":"file"');
    expect(flat).toContain("attachments/screen.png");
    const latest = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id, kind: "chat" }, orderBy: { createdAt: "desc" } });
    expect(latest.summaryApplied).toBe(true);
    expect(latest.input ?? "").not.toContain("base64");
  });

  it("refuses a message naming a path that is not an attachment of the thread", async () => {
    const t = await createThread(userId);
    await expect(attachmentParts(userId, t.id, ["attachments/nothing.png"])).rejects.toMatchObject({ code: "invalid_body", status: 400 });
    const other = await createThread((await env.db.user.create({ data: {} })).id);
    await expect(attachmentParts(userId, other.id, ["attachments/x.png"])).rejects.toMatchObject({ code: "not_found" });
  });
});
