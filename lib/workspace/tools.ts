import { tool, zodSchema, type ToolSet } from "ai";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { normalizePath } from "./paths";
import { deleteFile, listFiles, readFile, writeFile } from "./store";
import { replaceUnique, sliceLines } from "./text";

/*
 * The agent's file tools. The workspace is the agent's memory: it outlives compaction, so plans,
 * checklists and notes belong there.
 *
 * Safety rule: the agent may only replace or delete content it has seen. Each turn keeps a map of
 * path -> the version the agent last read or wrote in this turn (null: it saw that the file does
 * not exist). write_file and delete_file pass that version as the compare-and-set base, so an
 * existing file the agent has not read in this turn, or one the person changed since, is a
 * conflict result, never a silent overwrite. edit_file is anchored on text instead of a version:
 * it applies only if oldText occurs exactly once in the current content.
 *
 * Tool calls of one turn run one at a time in call order, so "read x" then "write x" issued in one
 * step behave as written. Expected failures are results ({ ok: false, error, message }); only
 * unexpected errors (database down) throw. A conflict also says its reason (not_read, changed,
 * created, deleted), so the tool card can tell the person which one without parsing the message.
 */

export type WorkspaceToolContext = { workspaceId: string; assistantMessageId: string };

export type ToolFailure = { ok: false; error: string; message: string; [extra: string]: unknown };

const pathField = z
  .string()
  .describe('File path relative to the workspace root, "/"-separated, e.g. "migration.md" or "notes/routine.md".');

// Converted to JSON Schema once per process: the AI SDK converts a plain zod schema again on every
// model call, which a CPU profile under 30 concurrent chats showed as a few ms per turn.
const inputs = {
  list_files: zodSchema(z.object({})),
  read_file: zodSchema(
    z.object({
      path: pathField,
      startLine: z.number().int().min(1).optional().describe("First line to return, 1-based."),
      endLine: z.number().int().min(1).optional().describe("Last line to return, inclusive."),
    }),
  ),
  write_file: zodSchema(z.object({ path: pathField, content: z.string().describe("The complete new content of the file.") })),
  edit_file: zodSchema(
    z.object({
      path: pathField,
      oldText: z.string().describe("The exact text to replace; must occur exactly once in the file."),
      newText: z.string().describe("The replacement text."),
    }),
  ),
  delete_file: zodSchema(z.object({ path: pathField })),
};

const EDIT_ATTEMPTS = 3;

export function workspaceTools(ctx: WorkspaceToolContext): ToolSet {
  const { workspaceId } = ctx;
  const author = "agent" as const;
  const messageId = ctx.assistantMessageId;
  const seen = new Map<string, number | null>();

  let queue: Promise<unknown> = Promise.resolve();
  /** One tool call at a time, in call order; AppErrors become failure results. */
  function run<T>(fn: () => Promise<T>): Promise<T | ToolFailure> {
    const job = queue.then(async () => {
      try {
        return await fn();
      } catch (err) {
        if (err instanceof AppError) return fail(err.code, err.message);
        throw err;
      }
    });
    queue = job.catch(() => undefined); // the queue only orders jobs: each caller gets its own job's error
    return job;
  }

  /** The current live version of a path, or null. */
  async function liveVersion(path: string) {
    try {
      const f = await readFile(workspaceId, path);
      return { version: f.version, lastAuthor: f.lastAuthor };
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") return null;
      throw err;
    }
  }

  function staleResult(path: string, err: AppError, known: number | null | undefined): ToolFailure {
    const d = (err.details ?? {}) as { currentVersion?: number; lastAuthor?: string; deleted?: boolean };
    const now = `now version ${d.currentVersion} by ${d.lastAuthor}`;
    const message = d.deleted
      ? `${path} was deleted since you read it (by ${d.lastAuthor}). List or read it again before writing.`
      : known == null
        ? `${path} was created since you looked (${now}). Read it before writing.`
        : `${path} changed since you read it (${now}). Read it again before writing.`;
    const reason = d.deleted ? "deleted" : known == null ? "created" : "changed";
    return fail("conflict", message, { reason, path, currentVersion: d.currentVersion ?? null, lastAuthor: d.lastAuthor ?? null });
  }

  function notReadResult(path: string, current: { version: number; lastAuthor: string }): ToolFailure {
    return fail(
      "conflict",
      `${path} already exists (version ${current.version} by ${current.lastAuthor}) and you have not read it in this turn. Read it before writing.`,
      { reason: "not_read", path, currentVersion: current.version, lastAuthor: current.lastAuthor },
    );
  }

  return {
    list_files: tool({
      description:
        "List the files in your workspace with their size in bytes, version and who changed them last. Your workspace persists across the whole conversation, even after older messages are summarized.",
      inputSchema: inputs.list_files,
      execute: () =>
        run(async () => {
          const files = await listFiles(workspaceId);
          return { ok: true as const, count: files.length, files: files.map((f) => ({ ...f, updatedAt: f.updatedAt.toISOString() })) };
        }),
    }),

    read_file: tool({
      description:
        "Read a workspace file (optionally only lines startLine..endLine, 1-based, inclusive). Returns its content and version. Read a file before overwriting or deleting it.",
      inputSchema: inputs.read_file,
      execute: ({ path: raw, startLine, endLine }) =>
        run(async () => {
          const path = normalizePath(raw);
          let file;
          try {
            file = await readFile(workspaceId, path);
          } catch (err) {
            if (err instanceof AppError && err.code === "not_found") seen.set(path, null);
            throw err;
          }
          const slice = sliceLines(file.content, startLine, endLine);
          // Only a whole read lets the agent replace the file: lines it never saw are not its to drop.
          if (slice.startLine <= 1 && slice.endLine >= slice.totalLines) seen.set(path, file.version);
          return {
            ok: true as const,
            path,
            version: file.version,
            lastAuthor: file.lastAuthor,
            updatedAt: file.updatedAt.toISOString(),
            size: file.size,
            ...slice,
          };
        }),
    }),

    write_file: tool({
      description:
        "Create a workspace file or replace its whole content. To replace an existing file you must have read it in this turn; if it changed since, you get a conflict and must read it again. Prefer edit_file for small changes.",
      inputSchema: inputs.write_file,
      execute: ({ path: raw, content }) =>
        run(async () => {
          const path = normalizePath(raw);
          const known = seen.get(path);
          let base: number | null;
          if (known === undefined) {
            const current = await liveVersion(path);
            if (current) return notReadResult(path, current);
            base = null;
          } else {
            base = known;
          }
          try {
            const meta = await writeFile(workspaceId, { path, content, baseVersion: base, author, messageId });
            seen.set(path, meta.version);
            return { ok: true as const, path, version: meta.version, size: meta.size, created: base === null };
          } catch (err) {
            if (err instanceof AppError && err.code === "conflict") return staleResult(path, err, known);
            if (err instanceof AppError && err.code === "not_found") {
              return fail("conflict", `${path} no longer exists; it was removed since you read it. Write it again to re-create it.`, {
                reason: "deleted",
                path,
                currentVersion: null,
              });
            }
            throw err;
          }
        }),
    }),

    edit_file: tool({
      description:
        "Replace one exact passage of a workspace file: oldText must occur exactly once (copy it from read_file, including whitespace; add surrounding lines to make it unique). Use this to tick off checklist items.",
      inputSchema: inputs.edit_file,
      execute: ({ path: raw, oldText, newText }) =>
        run(async () => {
          const path = normalizePath(raw);
          if (oldText === "")
            return fail("invalid_input", "oldText is empty. Give the exact text to replace, or use write_file to replace the whole file.", {
              path,
            });
          for (let attempt = 1; ; attempt++) {
            const file = await readFile(workspaceId, path);
            const replaced = replaceUnique(file.content, oldText, newText);
            if (!replaced.ok) {
              return replaced.matches === 0
                ? fail(
                    "no_match",
                    `oldText was not found in ${path} (version ${file.version}). Read the file and copy the text exactly, including whitespace and line breaks.`,
                    { path, matches: 0, version: file.version },
                  )
                : fail(
                    "not_unique",
                    `oldText occurs ${replaced.matches} times in ${path} (version ${file.version}); it must occur exactly once. Include more surrounding text.`,
                    { path, matches: replaced.matches, version: file.version },
                  );
            }
            if (replaced.content === file.content) {
              seen.set(path, file.version);
              return { ok: true as const, path, version: file.version, size: file.size, unchanged: true };
            }
            try {
              const meta = await writeFile(workspaceId, { path, content: replaced.content, baseVersion: file.version, author, messageId });
              seen.set(path, meta.version);
              return { ok: true as const, path, version: meta.version, size: meta.size, unchanged: false };
            } catch (err) {
              // Someone saved between our read and write: the edit is anchored on text, so re-apply.
              if (err instanceof AppError && err.code === "conflict" && attempt < EDIT_ATTEMPTS) continue;
              throw err;
            }
          }
        }),
    }),

    delete_file: tool({
      description: "Delete a workspace file. You must have read it in this turn (its history is kept and the person can restore it).",
      inputSchema: inputs.delete_file,
      execute: ({ path: raw }) =>
        run(async () => {
          const path = normalizePath(raw);
          const known = seen.get(path);
          if (known == null) {
            const current = await liveVersion(path);
            if (!current) return fail("not_found", `${path} does not exist.`, { path });
            return notReadResult(path, current);
          }
          try {
            const { version } = await deleteFile(workspaceId, path, { baseVersion: known, author, messageId });
            seen.set(path, null);
            return { ok: true as const, path, version, deleted: true };
          } catch (err) {
            if (err instanceof AppError && err.code === "conflict") return staleResult(path, err, known);
            throw err;
          }
        }),
    }),
  };
}

function fail(error: string, message: string, extra: Record<string, unknown> = {}): ToolFailure {
  return { ok: false, error, message, ...extra };
}
