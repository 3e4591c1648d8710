import { describeToolCall } from "@/lib/words/describe-call";
import { plainText } from "@/lib/words/phrase";
import type { ExportDoc, MessageExport, SummaryExport, ThreadExport, WorkspaceExport } from "./format";

/*
 * Pure: an export document -> Markdown a person reads. The live transcript only (the audit rows of
 * edits and retries stay in the JSON export), each message under "### You" / "### Assistant" with
 * its time, tool calls said in words (the same words the chat shows, lib/words) instead of their
 * JSON, each summary noted at its cut, the attachments by path, type and size, and the workspace's
 * live files with their contents at the end.
 */

const ROLE_HEADING: Record<MessageExport["role"], string> = { user: "You", assistant: "Assistant", system: "System" };

/** "2026-12-06 08:17 UTC": one time zone for every reader of the file. */
function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A fence longer than any run of backticks in `content`, so no content can close it early. */
function fence(content: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

/** Lines that Markdown would otherwise read as a heading or rule of the document itself stay text. */
function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

type Part = MessageExport["parts"][number] & Record<string, unknown>;

/** One part in words: text as written, a tool call as a sentence, a file by its name; the rest is not for reading. */
function partText(part: Part): string | null {
  if (part.type === "text") return typeof part.text === "string" ? part.text : null;
  const tool = part.type === "dynamic-tool" ? String(part.toolName ?? "tool") : part.type.startsWith("tool-") ? part.type.slice(5) : null;
  if (tool !== null) {
    const words = describeToolCall({
      name: tool,
      state: typeof part.state === "string" ? part.state : undefined,
      input: part.input,
      output: part.output,
      errorText: typeof part.errorText === "string" ? part.errorText : undefined,
    });
    const detail = words.detail ? ` (${plainText(words.detail)})` : "";
    return `- *Tool:* ${plainText(words.summary)}${detail}`;
  }
  if (part.type === "file") return `- *File:* ${String(part.filename ?? part.mediaType ?? "attachment")}`;
  return null;
}

function messageBlock(m: MessageExport): string {
  const body = m.parts
    .map((p) => partText(p as Part))
    .filter((t): t is string => t !== null && t.trim() !== "")
    .join("\n\n");
  const text = body || m.text || "*(no text)*";
  const notes = [
    m.pinnedAt ? "pinned" : null,
    m.status === "complete" ? null : `reply ${m.status}${m.errorCode ? `: ${m.errorCode}` : ""}`,
  ].filter(Boolean);
  const heading = m.runStart ? "Routine run" : ROLE_HEADING[m.role];
  return `### ${heading}\n\n*${when(m.createdAt)}${notes.length ? ` · ${notes.join(" · ")}` : ""}*\n\n${text}`;
}

function summaryBlock(s: SummaryExport): string {
  const label = s.status === "active" ? "Summary in force" : "Earlier summary (superseded)";
  return `---\n\n**${label}**, written ${when(s.createdAt)}: the model reads this instead of the messages above.\n\n${quote(s.text)}\n\n---`;
}

function filesBlock(workspace: WorkspaceExport | undefined): string {
  const files = (workspace?.files ?? []).filter((f) => f.deletedAt === null);
  if (files.length === 0) return "## Workspace files\n\n*No files.*";
  const list = files.map((f) => `- \`${f.path}\`: version ${f.version}, ${f.size} bytes`).join("\n");
  const bodies = files.map((f) => {
    const mark = fence(f.content);
    return `### ${f.path}\n\n${mark}\n${f.content}\n${mark}`;
  });
  return [`## Workspace files\n\n${list}`, ...bodies].join("\n\n");
}

/** The thread's attachments by path, type and size; their bytes stay in the JSON export. */
function attachmentsBlock(thread: ThreadExport): string | null {
  if (thread.attachments.length === 0) return null;
  const list = thread.attachments.map((a) => `- \`${a.path}\`: ${a.mediaType}, ${a.size} bytes`).join("\n");
  return `## Attachments\n\n${list}`;
}

/** One thread as a readable document. */
export function threadMarkdown(thread: ThreadExport, doc: Pick<ExportDoc, "workspaces" | "exportedAt">): string {
  const atCut = new Map<string, SummaryExport[]>();
  for (const s of thread.summaries) atCut.set(s.cutMessageId, [...(atCut.get(s.cutMessageId) ?? []), s]);
  const blocks: string[] = [`# ${thread.title}`, `*Started ${when(thread.createdAt)} · exported ${when(doc.exportedAt)}*`];
  for (const m of thread.messages) {
    if (m.deletedAt !== null) continue;
    // A summary stands for everything before its cut message, so it is noted right before it.
    for (const s of atCut.get(m.id) ?? []) blocks.push(summaryBlock(s));
    blocks.push(messageBlock(m));
  }
  const attachments = attachmentsBlock(thread);
  if (attachments) blocks.push(attachments);
  blocks.push(filesBlock(doc.workspaces.find((w) => w.id === thread.workspaceId)));
  return `${blocks.join("\n\n")}\n`;
}
