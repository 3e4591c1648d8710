import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportSchema, type ExportDoc, type MessageExport } from "@/lib/export/format";
import { planImport } from "@/lib/export/import-plan";
import { AppError } from "@/lib/errors";
import { exportMessage } from "../../support/export-message";

const T = "2026-12-01T10:00:00.000Z";

function options(): Parameters<typeof planImport>[1] {
  let n = 0;
  return { ownerId: "owner", hash: "h", newId: () => `new-${++n}`, offersModel: (id) => id === "offline" };
}

function message(seq: number, role: MessageExport["role"], text: string, extra: Partial<MessageExport> = {}): MessageExport {
  return exportMessage({ id: `m${seq}`, seq, role, parts: [{ type: "text", text }], createdAt: T }, extra);
}

/** A document as the exporter writes it, passed through the import schema (so the builder's input is a valid file). */
function doc(messages: MessageExport[], extra: Partial<ExportDoc["threads"][number]> = {}): ExportDoc {
  return exportSchema.parse({
    format: "longrun-chat-export",
    version: 1,
    kind: "thread",
    exportedAt: T,
    workspaces: [
      {
        id: "w1",
        files: [{ path: "notes.md", content: "v2", size: 2, version: 2, lastAuthor: "agent", updatedAt: T, deletedAt: null }],
        versions: [
          { path: "notes.md", version: 1, content: "v1", author: "person", messageId: null, createdAt: T },
          { path: "notes.md", version: 2, content: "v2", author: "agent", messageId: messages[0]?.id ?? null, createdAt: T },
        ],
      },
    ],
    threads: [
      {
        id: "t1",
        workspaceId: "w1",
        title: "A chat",
        createdAt: T,
        updatedAt: T,
        archivedAt: null,
        chatModel: "openai:gone",
        autoTitle: false,
        lastSeq: messages.length,
        messages,
        summaries: [],
        compactions: [],
        routine: null,
        actions: [],
        ...extra,
      },
    ],
  });
}

const roles = fc.constantFrom<MessageExport["role"]>("user", "assistant");

describe("planImport (export -> import mapping)", () => {
  it("keeps every message's order, role and text, with fresh ids and every reference remapped", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(roles, fc.string({ maxLength: 40 })), { minLength: 2, maxLength: 60 }), fc.nat(), (rows, pick) => {
        const messages = rows.map(([role, text], i) => message(i + 1, role, text.replace(/\0/g, "")));
        const cut = messages[pick % messages.length];
        const replaced = { ...messages[0], deletedAt: T, replacedById: messages[1].id, pinnedAt: T };
        const source = doc([replaced, ...messages.slice(1)], {
          summaries: [{ id: "s1", text: "Summary", cutMessageId: cut.id, floorMessageId: null, tokens: 1, status: "active", createdAt: T }],
        });
        const plan = planImport(source, options());

        const sorted = [...plan.messages].sort((a, b) => a.seq - b.seq);
        expect(sorted.map((m) => [m.role, m.text])).toEqual(source.threads[0].messages.map((m) => [m.role, m.text]));
        expect(sorted.map((m) => JSON.parse(m.parts))).toEqual(source.threads[0].messages.map((m) => m.parts));
        const oldIds = new Set(source.threads[0].messages.map((m) => m.id));
        expect(plan.messages.every((m) => !oldIds.has(m.id) && m.threadId === plan.threads[0].id)).toBe(true);
        const bySeq = new Map(plan.messages.map((m) => [m.seq, m]));
        expect(plan.summaries[0].cutMessageId).toBe(bySeq.get(cut.seq)!.id);
        expect(sorted[0]).toMatchObject({ replacedById: bySeq.get(2)!.id, pinnedAt: new Date(T), deletedAt: new Date(T) });
        expect(plan.versions[1].messageId).toBe(bySeq.get(1)!.id);
        expect(plan.threads[0]).toMatchObject({ userId: "owner", importHash: "h", importIndex: 0, lastSeq: messages.length });
      }),
    );
  });

  it("drops a model this server does not offer, pauses a routine and settles what was in progress", () => {
    const messages = [message(1, "user", "go", { runStart: true }), message(2, "assistant", "half", { status: "streaming" })];
    const routine = {
      id: "r1",
      workspaceId: "w1",
      name: "Daily",
      instructions: "Report.",
      cron: "0 9 * * *",
      timezone: "UTC",
      enabled: true,
      nextRunAt: T,
      createdAt: T,
      updatedAt: T,
      deletedAt: null,
      runs: [
        {
          id: "run1",
          scheduledFor: T,
          trigger: "scheduled" as const,
          status: "running" as const,
          startMessageId: "m1",
          notesMessageId: null,
          finalReply: null,
          notesUpdated: null,
          error: null,
          createdAt: T,
          startedAt: T,
          finishedAt: null,
        },
      ],
    };
    const plan = planImport(doc(messages, { routine }), options());
    expect(plan.threads[0].chatModel).toBeNull();
    expect(plan.messages[1]).toMatchObject({ status: "interrupted", errorCode: "interrupted" });
    expect(plan.routines[0]).toMatchObject({
      enabled: false,
      nextRunAt: null,
      threadId: plan.threads[0].id,
      workspaceId: plan.workspaces[0].id,
    });
    expect(plan.runs[0]).toMatchObject({ status: "interrupted", routineId: plan.routines[0].id, startMessageId: plan.messages[0].id });
  });

  it("refuses a file whose references do not resolve, naming where", () => {
    const messages = [message(1, "user", "a"), message(2, "assistant", "b")];
    const dangling = doc(messages, {
      summaries: [{ id: "s1", text: "S", cutMessageId: "elsewhere", floorMessageId: null, tokens: 1, status: "active", createdAt: T }],
    });
    expect(() => planImport(dangling, options())).toThrow(
      /at threads\.0\.summaries\.0\.cutMessageId.*message elsewhere is not in the chat/,
    );
    const twice = doc([message(1, "user", "a"), { ...message(1, "user", "b"), id: "other" }]);
    expect(() => planImport(twice, options())).toThrow(/two messages share seq 1/);
    const noWorkspace = { ...doc(messages), workspaces: [] };
    const err = (() => {
      try {
        planImport(noWorkspace, options());
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, code: "invalid_body", details: { field: "threads.0.workspaceId" } });
  });
});
