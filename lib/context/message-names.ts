import { extractNames } from "./names";
import type { StoredPart } from "./types";

/**
 * Where a name was seen: the message's sequence number orders sightings (higher is newer) and
 * `where` is what the names file shows the agent.
 */
export type NameSighting = { name: string; seq: number; where: string };

// Deep tool payloads are walked, not stringified: names inside JSON ("src/a.ts" as a value) must
// come out whole, and a stringified object glues keys, quotes and values into one token.
const MAX_DEPTH = 12;

function collectStrings(value: unknown, out: string[], depth = 0): void {
  if (depth > MAX_DEPTH || value === null || value === undefined) return;
  if (typeof value === "string") {
    out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, out, depth + 1);
  } else if (typeof value === "object") {
    // Keys are the tool's schema (path, oldText), not names from the conversation.
    for (const item of Object.values(value as Record<string, unknown>)) collectStrings(item, out, depth + 1);
  }
}

function toolName(part: StoredPart): string | null {
  if (part.type === "dynamic-tool") return String(part.toolName ?? "tool");
  return part.type.startsWith("tool-") ? part.type.slice("tool-".length) : null;
}

/** Text of each source a message offers names from, labelled for the names file. */
function sources(parts: readonly StoredPart[]): Array<{ label: string; texts: string[] }> {
  const out: Array<{ label: string; texts: string[] }> = [];
  for (const part of parts) {
    if (part.type === "text" && typeof part.text === "string") {
      out.push({ label: "", texts: [part.text] });
      continue;
    }
    const tool = toolName(part);
    if (tool === null) continue;
    const input: string[] = [];
    collectStrings(part.input, input);
    if (input.length) out.push({ label: `tool ${tool} input`, texts: input });
    const result: string[] = [];
    collectStrings(part.output, result);
    if (typeof part.errorText === "string") result.push(part.errorText);
    if (result.length) out.push({ label: `tool ${tool} result`, texts: result });
  }
  return out;
}

/** Every name of one message: its text, its tool inputs (parsed JSON values) and tool results. */
export function messageNames(parts: readonly StoredPart[]): string[] {
  const names = new Set<string>();
  for (const source of sources(parts)) for (const text of source.texts) for (const name of extractNames(text)) names.add(name);
  return [...names];
}

/** Sightings of one stored message, each name once, labelled with the first place it occurs. */
export function messageSightings(message: { seq: number; role: string; parts: readonly StoredPart[] }): NameSighting[] {
  const seen = new Map<string, NameSighting>();
  for (const source of sources(message.parts)) {
    const where = `message ${message.seq} (${message.role}${source.label ? `, ${source.label}` : ""})`;
    for (const text of source.texts) {
      for (const name of extractNames(text)) if (!seen.has(name)) seen.set(name, { name, seq: message.seq, where });
    }
  }
  return [...seen.values()];
}

/** Merges sightings, keeping the newest per name; the result is newest first, ties by name. */
export function latestSightings(...lists: ReadonlyArray<readonly NameSighting[]>): NameSighting[] {
  const byName = new Map<string, NameSighting>();
  for (const list of lists) {
    for (const s of list) {
      const current = byName.get(s.name);
      if (!current || s.seq > current.seq) byName.set(s.name, s);
    }
  }
  return [...byName.values()].sort((a, b) => b.seq - a.seq || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
