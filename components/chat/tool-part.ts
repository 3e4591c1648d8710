import type { ChatMessage, ChatMessagePart } from "./types";

/** The fields every tool part has, whether typed ("tool-<name>") or dynamic. */
export type ToolPartView = {
  type: string;
  toolCallId?: string;
  toolName?: string;
  state?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
};

export function isToolPart(part: ChatMessagePart): boolean {
  return part.type.startsWith("tool-") || part.type === "dynamic-tool";
}

/** The workspace file a tool call names, if it names one (write_file, read_file, …). */
export function toolPath(part: ChatMessagePart): string | null {
  const input = (part as ToolPartView).input;
  if (input && typeof input === "object" && "path" in input && typeof input.path === "string") return input.path;
  return null;
}

/**
 * The file tool calls of a message that have finished, as one string that grows with each
 * finished call: a cheap value to watch while the message streams.
 */
export function finishedFileToolsKey(message: ChatMessage | undefined): string {
  if (!message || message.role !== "assistant") return "";
  return message.parts
    .filter((p) => isToolPart(p) && (p as ToolPartView).state === "output-available" && toolPath(p) !== null)
    .map((p, i) => (p as ToolPartView).toolCallId ?? String(i))
    .join("|");
}
