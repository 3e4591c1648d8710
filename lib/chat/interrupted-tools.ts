import type { MessagePart } from "@/lib/db/messages";

/**
 * Pure: what an interrupted reply's open tool calls (still `input-streaming` or `input-available`:
 * the process died before their result was saved) become, from what the database knows the reply
 * did. The workspace history names the reply on every change it made, and the action ledger names
 * it on every send, so the transcript never shows less than what was done: a write whose version
 * exists gets that result; anything else says plainly that its result was lost and what that means.
 */

/** A workspace change made by the reply (FileVersion rows with its id), oldest first. */
export type FileEffect = { path: string; version: number; deleted: boolean };
/** A side effect the reply asked for (ActionLedger rows with its id as stepId). */
export type ActionEffect = { key: string; to: string | null; subject: string | null; status: string; resultId: string | null };

const WRITES = new Set(["write_file", "edit_file", "delete_file"]);
const READS = new Set(["read_file", "list_files", "list_actions"]);
const OPEN = new Set(["input-streaming", "input-available"]);

const LOST = "The server stopped while this tool call ran, before its result was saved.";

export function hasOpenToolCalls(parts: MessagePart[]): boolean {
  return parts.some((p) => p.type.startsWith("tool-") && OPEN.has(String(p.state)));
}

export function settleOpenToolCalls(parts: MessagePart[], effects: { files: FileEffect[]; actions: ActionEffect[] }): MessagePart[] {
  // Versions whose result was saved are already shown; the open calls account for the rest.
  const shown = new Set(parts.filter((p) => p.state === "output-available").map((p) => versionKey(p.output)));
  const files = effects.files.filter((f) => !shown.has(`${f.path}@${f.version}`));
  const actions = [...effects.actions];
  return parts.map((part) => {
    if (!part.type.startsWith("tool-") || !OPEN.has(String(part.state))) return part;
    const name = part.type.slice("tool-".length);
    const input = (part.input ?? {}) as Record<string, unknown>;
    const done = (output: Record<string, unknown>): MessagePart => ({ ...part, state: "output-available", output });
    const failed = (errorText: string): MessagePart => ({ ...part, state: "output-error", input: part.input ?? {}, errorText });

    if (WRITES.has(name)) {
      const at = files.findIndex((f) => f.path === input.path);
      if (at < 0) return failed(`${LOST} The workspace history shows no change from it.`);
      const [file] = files.splice(at, 1);
      return done({
        ok: true,
        path: file.path,
        version: file.version,
        ...(file.deleted ? { deleted: true } : {}),
        recovered: "The server stopped before this result was saved; the workspace history shows the change was made.",
      });
    }
    if (name === "send_email") {
      const at = actions.findIndex((a) => a.to === String(input.to ?? "").trim() && a.subject === String(input.subject ?? "").trim());
      if (at < 0) return failed(`${LOST} The action ledger has no send for it: nothing was sent.`);
      const [action] = actions.splice(at, 1);
      if (action.status === "succeeded") {
        return done({
          ok: true,
          state: "sent",
          key: action.key,
          resultId: action.resultId,
          recovered: `${LOST} The ledger shows it was sent.`,
        });
      }
      return failed(
        `${LOST} Its send is "${action.status}" in the actions list; the sweeper settles it (never sending twice) or asks you.`,
      );
    }
    if (READS.has(name)) return failed(`${LOST} Reading changes nothing.`);
    return failed(LOST);
  });
}

function versionKey(output: unknown): string | null {
  const o = output as { path?: unknown; version?: unknown } | null;
  return o && typeof o.path === "string" && typeof o.version === "number" ? `${o.path}@${o.version}` : null;
}
