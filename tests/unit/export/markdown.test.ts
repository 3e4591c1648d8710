import { describe, expect, it } from "vitest";
import type { ExportDoc, MessageExport } from "@/lib/export/format";
import { downloadResponse } from "@/lib/export/download";
import { threadMarkdown } from "@/lib/export/markdown";
import { exportMessage } from "../../support/export-message";

const T = "2026-12-01T10:05:00.000Z";

const msg = (id: string, seq: number, role: MessageExport["role"], parts: MessageExport["parts"], extra: Partial<MessageExport> = {}) =>
  exportMessage({ id, seq, role, parts, createdAt: T }, extra);

const doc: ExportDoc = {
  format: "longrun-chat-export",
  version: 1,
  kind: "thread",
  exportedAt: "2026-12-06T08:00:00.000Z",
  workspaces: [
    {
      id: "w",
      files: [
        { path: "plan.md", content: "# Plan\n```js\nx\n```", size: 20, version: 3, lastAuthor: "agent", updatedAt: T, deletedAt: null },
        { path: "gone.md", content: "", size: 0, version: 2, lastAuthor: "person", updatedAt: T, deletedAt: T },
      ],
      versions: [],
    },
  ],
  threads: [
    {
      id: "t",
      workspaceId: "w",
      title: "Migration",
      createdAt: T,
      updatedAt: T,
      archivedAt: null,
      chatModel: null,
      autoTitle: false,
      lastSeq: 4,
      messages: [
        msg("a", 1, "user", [{ type: "text", text: "Old wording" }], { deletedAt: T }),
        msg("b", 2, "user", [{ type: "text", text: "Write the plan" }], { pinnedAt: T }),
        msg("c", 3, "assistant", [
          { type: "text", text: "Writing it." },
          {
            type: "tool-write_file",
            state: "output-available",
            input: { path: "plan.md", content: "# Plan\n" },
            output: { ok: true, version: 3 },
          },
        ]),
        msg("d", 4, "user", [{ type: "text", text: "# Next?" }]),
      ],
      summaries: [
        { id: "s", text: "## Goal\nPlan it.", cutMessageId: "d", floorMessageId: null, tokens: 3, status: "active", createdAt: T },
      ],
      compactions: [],
      routine: null,
      actions: [],
      attachments: [
        {
          path: "attachments/shot.png",
          mediaType: "image/png",
          size: 68,
          width: 1,
          height: 1,
          pages: null,
          createdAt: T,
          bytes: "iVBORw0KGgo=",
        },
      ],
    },
  ],
};

describe("threadMarkdown", () => {
  const md = threadMarkdown(doc.threads[0], doc);

  it("reads as a conversation: title, dates, each live message under its speaker with its time", () => {
    expect(md.startsWith("# Migration\n\n*Started 2026-12-01 10:05 UTC · exported 2026-12-06 08:00 UTC*")).toBe(true);
    expect(md).not.toContain("Old wording");
    expect(md).toContain("### You\n\n*2026-12-01 10:05 UTC · pinned*\n\nWrite the plan");
    expect(md).toContain("### Assistant\n\n*2026-12-01 10:05 UTC*\n\nWriting it.");
  });

  it("names a tool call in words, not its JSON, and notes the summary right before its cut", () => {
    expect(md).toContain("- *Tool:* Wrote `plan.md`, 1 line (version 3)");
    expect(md).not.toContain('"content"');
    const summary = md.indexOf("**Summary in force**");
    expect(summary).toBeGreaterThan(md.indexOf("Writing it."));
    expect(summary).toBeLessThan(md.indexOf("# Next?"));
    expect(md).toContain("> ## Goal\n> Plan it.");
  });

  it("names each attachment by path, type and size, before the workspace files, without its bytes", () => {
    expect(md).toContain("## Attachments\n\n- `attachments/shot.png`: image/png, 68 bytes");
    expect(md.indexOf("## Attachments")).toBeLessThan(md.indexOf("## Workspace files"));
    expect(md).not.toContain("iVBORw0KGgo");
  });

  it("lists the live workspace files at the end with their contents, fenced past any fence inside", () => {
    const files = md.slice(md.indexOf("## Workspace files"));
    expect(files).toContain("- `plan.md`: version 3, 20 bytes");
    expect(files).not.toContain("gone.md");
    expect(files).toContain("### plan.md\n\n````\n# Plan\n```js\nx\n```\n````");
  });
});

describe("downloadResponse", () => {
  /** The ASCII file name a download is saved under. */
  const savedAs = (title: string) => /filename="([^"]*)"/.exec(downloadResponse("x", title, "md").headers.get("content-disposition")!)![1];

  it("is an attachment with its charset and nosniff, named with letters, digits, spaces, dots and dashes only, never empty", () => {
    const res = downloadResponse("x", "Plan: the migration / v2", "md");
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Plan- the migration - v2.md"; filename*=UTF-8''Plan%3A%20the%20migration%20%2F%20v2.md`,
    );
    expect(savedAs("Café résumé")).toBe("Cafe resume.md");
    expect(savedAs('../../etc/passwd"\r\n')).toBe("etc-passwd.md");
    expect(savedAs("日本語")).toBe("chat.md");
    expect(savedAs("x".repeat(300))).toHaveLength(83);
    expect(downloadResponse("x", "it's (done)*", "json").headers.get("content-disposition")).toContain(
      "filename*=UTF-8''it%27s%20%28done%29%2A.json",
    );
  });
});
