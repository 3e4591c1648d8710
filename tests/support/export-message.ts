import type { MessageExport } from "@/lib/export/format";

/** An exported message as the export writes a plain, complete one; `extra` overrides any field. */
export function exportMessage(
  fields: { id: string; seq: number; role: MessageExport["role"]; parts: MessageExport["parts"]; createdAt: string },
  extra: Partial<MessageExport> = {},
): MessageExport {
  return {
    ...fields,
    text: fields.parts.map((p) => (p.type === "text" ? String(p.text) : "")).join(""),
    tokens: 1,
    status: "complete",
    error: null,
    errorCode: null,
    runStart: false,
    deletedAt: null,
    replacedById: null,
    pinnedAt: null,
    ...extra,
  };
}
