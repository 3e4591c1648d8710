import { AppError } from "@/lib/errors";
import { validateBody } from "@/lib/http/parse-body";
import { chatGptConversations, chatGptExportSchema } from "./peers/chatgpt";
import { claudeConversations, claudeExportSchema } from "./peers/claude";
import { peerExportDoc } from "./peers/peer-doc";
import { EXPORT_FORMAT, exportSchema, READABLE_VERSIONS, type ExportDoc } from "./format";

/*
 * Which export a parsed file is, decided from its content (never its name): our own document is
 * an object with our "format"; ChatGPT's and Claude's are arrays of conversations, told apart by
 * ChatGPT's message tree (`mapping`) and Claude's `chat_messages`. Every kind ends as our document.
 */

export type ImportSource = "longrun-chat" | "chatgpt" | "claude";

export function detectExport(json: unknown, now: Date): { source: ImportSource; doc: ExportDoc } {
  if (Array.isArray(json)) return peerDoc(json, now);
  const head = json !== null && typeof json === "object" ? (json as { format?: unknown; version?: unknown }) : {};
  if (head.format !== EXPORT_FORMAT) {
    throw new AppError(
      "invalid_body",
      `The file is not an export of this app (its "format" is not "${EXPORT_FORMAT}"), nor a ChatGPT or Claude export.`,
      { field: "format" },
    );
  }
  if (!(READABLE_VERSIONS as readonly unknown[]).includes(head.version)) {
    throw new AppError(
      "invalid_body",
      `The file is export version ${String(head.version)}; this server reads versions ${READABLE_VERSIONS.join(" and ")}.`,
      {
        field: "version",
      },
    );
  }
  return { source: "longrun-chat", doc: validateBody(exportSchema, json) };
}

function peerDoc(list: unknown[], now: Date): { source: ImportSource; doc: ExportDoc } {
  const first = list.find((c): c is object => c !== null && typeof c === "object");
  if (first && "mapping" in first) {
    const convs = chatGptConversations(validateBody(chatGptExportSchema, list));
    return { source: "chatgpt", doc: validateBody(exportSchema, peerExportDoc(convs, now)) };
  }
  if (first && "chat_messages" in first) {
    const convs = claudeConversations(validateBody(claudeExportSchema, list));
    return { source: "claude", doc: validateBody(exportSchema, peerExportDoc(convs, now)) };
  }
  throw new AppError(
    "invalid_body",
    list.length === 0
      ? "The file holds an empty list: no conversations to import."
      : "The file is a list, but not of ChatGPT conversations (with a `mapping`) or Claude conversations (with `chat_messages`).",
    { field: "file" },
  );
}
