/*
 * An MCP tool's answer as this app's tool output (pure). The result is data: it goes back to the
 * model as the tool's output and nowhere else (never into the system prompt), whatever it says.
 * Text content is joined; other content (images, audio, resources) is named, not inlined, since
 * the transcript and the model input are text. An answer over `maxChars` is cut with a note, so a
 * 10 MB result costs neither the database nor the model's window; the shortened-result path of
 * every tool (TOOL_RESULT_MAX_TOKENS) still applies after this.
 */

export type McpToolOutput =
  { ok: true; content: string; truncated?: { shownChars: number; totalChars: number } } | { ok: false; error: McpFailure; message: string };

/** How an MCP call that produced no usable answer failed (a refused call never runs: policy.ts). */
export type McpFailure = "tool_error" | "timeout" | "server_error" | "malformed_result";

type ContentItem = { type: string; text?: unknown; mimeType?: unknown; resource?: unknown; uri?: unknown };

export function toToolOutput(result: unknown, maxChars: number): McpToolOutput {
  if (typeof result !== "object" || result === null) return malformed();
  const r = result as { content?: unknown; structuredContent?: unknown; toolResult?: unknown; isError?: unknown };
  let text: string;
  if (Array.isArray(r.content)) text = r.content.map((c) => contentText(c as ContentItem)).join("\n");
  else if (r.toolResult !== undefined) text = JSON.stringify(r.toolResult) ?? "";
  else return malformed();
  if (text.trim() === "" && r.structuredContent !== undefined) text = JSON.stringify(r.structuredContent) ?? "";
  if (r.isError === true) {
    return {
      ok: false,
      error: "tool_error",
      message: `The tool reported an error: ${cut(text, Math.min(maxChars, 2_000)).text || "(no details)"}`,
    };
  }
  const { text: shown, truncated } = cut(text, maxChars);
  return truncated ? { ok: true, content: shown, truncated } : { ok: true, content: shown };
}

function contentText(c: ContentItem): string {
  if (typeof c !== "object" || c === null) return "[unreadable content item]";
  if (c.type === "text" && typeof c.text === "string") return c.text;
  if (c.type === "resource" && typeof c.resource === "object" && c.resource !== null) {
    const res = c.resource as { text?: unknown; uri?: unknown };
    if (typeof res.text === "string") return res.text;
    return `[resource ${String(res.uri ?? "")} omitted]`;
  }
  if (c.type === "resource_link") return `[resource link ${String(c.uri ?? "")}]`;
  return `[${String(c.type)}${typeof c.mimeType === "string" ? ` ${c.mimeType}` : ""} content omitted]`;
}

function cut(text: string, maxChars: number): { text: string; truncated?: { shownChars: number; totalChars: number } } {
  if (text.length <= maxChars) return { text };
  const shown = text.slice(0, maxChars);
  const note = `\n\n[Truncated: the tool returned ${text.length.toLocaleString("en-US")} characters; the first ${maxChars.toLocaleString("en-US")} are shown.]`;
  return { text: shown + note, truncated: { shownChars: maxChars, totalChars: text.length } };
}

function malformed(): McpToolOutput {
  return { ok: false, error: "malformed_result", message: "The server's answer was not a tool result, so nothing from it is used." };
}
