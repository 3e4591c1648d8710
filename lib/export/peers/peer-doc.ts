import { countTokens } from "@/lib/ai/tokens";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDoc, type ThreadExport } from "../format";

/*
 * Another assistant's conversations, once reduced to a linear list of turns (chatgpt.ts,
 * claude.ts), become a document of our own format, so they go through the same plan, schema
 * checks, duplicate detection and single transaction as our own export (lib/export/import.ts):
 * one import path, not two. Each conversation gets a workspace of its own, as a new chat does.
 */

export type PeerMessage = { role: "user" | "assistant"; text: string; createdAt: Date | null };
export type PeerConversation = { title: string | null; createdAt: Date | null; updatedAt: Date | null; messages: PeerMessage[] };

const TITLE_MAX = 200;
const FALLBACK_TITLE = "Imported chat";

/** Seconds since the epoch (ChatGPT) or an ISO string (Claude) -> a date; null when absent or nonsense. */
export function dateOf(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Conversations without a single message with text are left out: they would be empty chats. */
export function peerExportDoc(conversations: PeerConversation[], now: Date): ExportDoc {
  const kept = conversations.filter((c) => c.messages.some((m) => m.text.trim() !== ""));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    kind: "account",
    exportedAt: now.toISOString(),
    workspaces: kept.map((_, i) => ({ id: `w${i}`, files: [], versions: [] })),
    threads: kept.map((c, i) => peerThread(c, i, now)),
  };
}

function peerThread(c: PeerConversation, index: number, now: Date): ThreadExport {
  const created = c.createdAt ?? c.messages.find((m) => m.createdAt)?.createdAt ?? now;
  const messages = c.messages
    .filter((m) => m.text.trim() !== "")
    .map((m, j) => ({
      id: `c${index}-m${j}`,
      seq: j + 1,
      role: m.role,
      parts: [{ type: "text", text: m.text }],
      text: m.text,
      tokens: countTokens(m.text),
      status: "complete" as const,
      error: null,
      errorCode: null,
      runStart: false,
      // A message without a time of its own takes the conversation's: never a time after the import.
      createdAt: (m.createdAt ?? created).toISOString(),
      deletedAt: null,
      replacedById: null,
      pinnedAt: null,
    }));
  const title = (c.title ?? "").trim().slice(0, TITLE_MAX) || FALLBACK_TITLE;
  return {
    id: `c${index}`,
    workspaceId: `w${index}`,
    title,
    createdAt: created.toISOString(),
    updatedAt: (c.updatedAt ?? created).toISOString(),
    archivedAt: null,
    chatModel: null,
    autoTitle: false,
    lastSeq: messages.length,
    messages,
    summaries: [],
    compactions: [],
    routine: null,
    actions: [],
    attachments: [],
  };
}
