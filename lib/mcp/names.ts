/*
 * The name the model sees for an MCP tool (pure): `<server>__<tool>`, so two servers' `search`
 * never collide. Server names have no underscore (MCP_SERVERS rule), so the first "__" always ends
 * the server's part. Providers accept tool names of [A-Za-z0-9_-], at most 64 characters: other
 * characters of the tool's own name (MCP allows dots) become "_", and a name still too long is cut
 * and given a short hash of the whole, so two long names stay apart.
 */

const MAX_TOOL_NAME = 64;
const SEPARATOR = "__";

export function mcpToolName(server: string, tool: string): string {
  const full = `${server}${SEPARATOR}${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  if (full.length <= MAX_TOOL_NAME) return full;
  const hash = fnv1a(`${server}${SEPARATOR}${tool}`);
  return `${full.slice(0, MAX_TOOL_NAME - hash.length - 1)}_${hash}`;
}

/** 32-bit FNV-1a as 8 hex digits: stable across processes, no crypto needed for a name. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
