import type { LanguageModelV4Message } from "@ai-sdk/provider";

/*
 * The tool calls of a stretch of prompt paired with their results (pure). The offline model's
 * multi-step replies (recall, and behaviours loaded for tests) decide their next step from the
 * current turn's exchanges alone, so they need no memory of their own.
 */

export type Exchange = { toolName: string; input: Record<string, unknown>; output: Record<string, unknown> | null };

/** In call order; a call whose result is not in `messages` has output null. */
export function exchanges(messages: LanguageModelV4Message[]): Exchange[] {
  const list: Exchange[] = [];
  const byId = new Map<string, Exchange>();
  for (const m of messages) {
    if (m.role === "assistant") {
      for (const p of m.content) {
        if (p.type !== "tool-call") continue;
        const e: Exchange = {
          toolName: p.toolName,
          input: asRecord(typeof p.input === "string" ? safeParse(p.input) : p.input),
          output: null,
        };
        list.push(e);
        byId.set(p.toolCallId, e);
      }
    }
    if (m.role === "tool") {
      for (const p of m.content) {
        if (p.type !== "tool-result") continue;
        const e = byId.get(p.toolCallId);
        if (e)
          e.output =
            p.output.type === "json"
              ? asRecord(p.output.value)
              : { ok: false, error: p.output.type, message: "value" in p.output ? String(p.output.value) : "" };
      }
    }
  }
  return list;
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch (err) {
    if (err instanceof SyntaxError) return {}; // a tool input or result in plain text
    throw err;
  }
}
