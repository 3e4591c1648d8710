import { attachmentNote, attachmentRef } from "./attachment-parts";
import type { StoredPart } from "./types";

const TRUNCATED = " […]";

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) + TRUNCATED : text;
}

/**
 * What the summarizer reads of one message: its text, plus a compact line per tool call. Paths
 * written through tools (write_file migration.md) are exactly what a summary must not lose, so
 * tool parts cannot be left out; their payloads are clipped because a 20k-token file read adds
 * nothing a summary could keep.
 */
export function summarizerText(parts: readonly StoredPart[], maxToolChars = 400): string {
  const lines: string[] = [];
  for (const part of parts) {
    const attached = attachmentRef(part);
    if (part.type === "text" && typeof part.text === "string") {
      lines.push(part.text);
    } else if (attached) {
      // The attachment's path is a name the summary keeps: after the cut it is all the model has of it.
      lines.push(attachmentNote(attached));
    } else if (part.type.startsWith("tool-") || part.type === "dynamic-tool") {
      const name = part.type === "dynamic-tool" ? String(part.toolName ?? "tool") : part.type.slice("tool-".length);
      const input = part.input === undefined ? "" : ` ${clip(JSON.stringify(part.input), maxToolChars)}`;
      const result =
        part.errorText !== undefined
          ? ` -> error: ${clip(String(part.errorText), maxToolChars)}`
          : part.output !== undefined
            ? ` -> ${clip(JSON.stringify(part.output), maxToolChars)}`
            : "";
      lines.push(`[tool ${name}${input}${result}]`);
    }
  }
  return lines.join("\n");
}

/**
 * Splits messages into consecutive chunks of at most `budgetTokens` each, so a span larger than
 * the summary model's window is folded in several calls. A single message over the budget is
 * its own chunk; the caller clips it.
 */
export function chunkByTokens<T extends { tokens: number }>(items: readonly T[], budgetTokens: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    if (current.length > 0 && size + item.tokens > budgetTokens) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += item.tokens;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
