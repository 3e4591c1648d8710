import { config } from "@/lib/config";
import type { ShrunkResult } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { byteSize } from "./write-tx";
import { writeFile } from "./store";

/**
 * Saves the full output of tool results the model input shortened, so the pointer in the
 * shortened text leads somewhere. Idempotent: a result shortened again on a later turn (or by
 * another instance at the same moment) finds its file already there. Outputs over MAX_FILE_BYTES
 * continue in numbered files (`<id>.2.txt`, ...). A failure to save (the workspace is full) must
 * not fail the turn, so it is logged and the turn goes on with the shortened result.
 */
export async function saveToolOutputs(workspaceId: string, shrunk: readonly ShrunkResult[]): Promise<void> {
  for (const result of shrunk) {
    const parts = splitByBytes(result.fullText, config().MAX_FILE_BYTES - 1024);
    for (let i = 0; i < parts.length; i++) {
      const path = i === 0 ? result.path : result.path.replace(/\.txt$/, `.${i + 1}.txt`);
      try {
        await writeFile(workspaceId, { path, content: parts[i]!, baseVersion: null, author: "agent" });
      } catch (error) {
        if (error instanceof AppError && error.code === "conflict") continue;
        console.error("[tool output not saved]", path, error instanceof Error ? error.message : error);
        return;
      }
    }
  }
}

function splitByBytes(text: string, maxBytes: number): string[] {
  if (byteSize(text) <= maxBytes) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    // Characters are at most 4 bytes; cut at a line break when one is near the end.
    let end = Math.min(rest.length, Math.floor(maxBytes / 4));
    while (end < rest.length && byteSize(rest.slice(0, Math.min(rest.length, end * 2))) <= maxBytes) end = Math.min(rest.length, end * 2);
    while (byteSize(rest.slice(0, end)) > maxBytes) end = Math.floor(end * 0.9);
    const newline = rest.lastIndexOf("\n", end);
    if (end < rest.length && newline > end / 2) end = newline + 1;
    parts.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return parts;
}
