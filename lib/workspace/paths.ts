import { AppError } from "@/lib/errors";

/*
 * Workspace paths are names in a virtual folder tree stored in the database, never on a disk, but
 * they are shown to people, typed by models and may be exported, so they follow the rules that are
 * safe everywhere:
 *
 * - relative, "/"-separated, at most MAX_PATH_CHARS characters, MAX_DEPTH segments and
 *   MAX_SEGMENT_CHARS characters per segment (characters = Unicode code points);
 * - no empty, "." or ".." segments: "a//b", "./a", "a/./b", "a/../b" are rejected, not resolved,
 *   so one file always has exactly one spelling;
 * - a trailing "/" is rejected too (it names a folder; the workspace only stores files);
 * - no backslashes, no drive letters, no leading "/";
 * - no control characters (C0, DEL, C1) and no invisible characters: format characters (zero-width
 *   spaces and joiners, soft hyphens, bidi marks, embeddings, overrides and isolates), line and
 *   paragraph separators, and every other default-ignorable code point; and no space inside a name
 *   other than the ordinary one (a no-break or em space). Each would let two different paths look
 *   the same ("note\u200Bs.md" beside "notes.md") or make one display as something it is not;
 * - no lone UTF-16 surrogate: it has no UTF-8 form, so the stored name would differ from the one
 *   asked for and the file would be unreachable;
 * - no segment starting or ending with whitespace, and none ending with "." (Windows drops those
 *   silently, and "notes.md " is nearly always a typo).
 *
 * The one normalization applied is Unicode NFC, so "é" typed either way is the same file. Every
 * rule has its own message, written for the model as much as for a person.
 */

const MAX_PATH_CHARS = 256;
export const MAX_DEPTH = 8;
const MAX_SEGMENT_CHARS = 100;

// C0 controls, DEL, C1 controls: matching them is the point.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
// Format characters (zero-width, bidi, soft hyphen), line/paragraph separators, default-ignorables.
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
// A space separator that is not U+0020 (no-break, em, ideographic, ...): looks like a plain space.
// Whole emoji (RGI sequences) are printable even though they are joined by ZWJ and variation
// selectors: they are taken out before the invisible check. Built with the constructor: the "v"
// flag (string properties) is newer than the compile target.
const EMOJI = new RegExp("\\p{RGI_Emoji}", "gv");
const LOOKALIKE_SPACE = /(?! )\p{Zs}/u;
const DRIVE = /^[A-Za-z]:/;

function invalid(message: string, input: string): AppError {
  return new AppError("invalid_path", message, { path: input.length > 300 ? `${input.slice(0, 300)}…` : input });
}

const codePoints = (s: string) => [...s].length;

/** The canonical form of a workspace path, or AppError("invalid_path") naming the broken rule. */
export function normalizePath(input: string): string {
  if (typeof input !== "string") throw invalid("Path must be a string.", String(input));
  if (input.trim() === "") throw invalid('Path is empty. Give a file path such as "notes.md" or "plans/migration.md".', input);
  if (CONTROL.test(input))
    throw invalid("Path contains a control character (such as a newline, tab or NUL). Use printable characters only.", input);
  if (!input.isWellFormed())
    throw invalid("Path contains invalid Unicode (a lone surrogate). Use printable characters only.", input.toWellFormed());
  if (INVISIBLE.test(input.replace(EMOJI, "")))
    throw invalid(
      "Path contains an invisible character (a zero-width, invisible line separator or text-direction character). Use printable characters only.",
      input,
    );

  const path = input.normalize("NFC");
  if (codePoints(path) > MAX_PATH_CHARS)
    throw invalid(`Path is too long: ${codePoints(path)} characters, at most ${MAX_PATH_CHARS} allowed.`, input);
  if (path.startsWith("/") || path.startsWith("\\") || DRIVE.test(path)) {
    throw invalid('Path must be relative to the workspace, such as "notes.md", not absolute (no leading "/" or drive letter).', input);
  }
  if (path.includes("\\")) throw invalid('Path contains a backslash. Separate folders with "/", as in "plans/migration.md".', input);
  if (path.endsWith("/")) throw invalid('Path ends with "/". Name a file, such as "plans/notes.md", not a folder.', input);

  const segments = path.split("/");
  if (segments.length > MAX_DEPTH)
    throw invalid(`Path is nested too deeply: ${segments.length} levels, at most ${MAX_DEPTH} allowed.`, input);
  for (const segment of segments) {
    if (segment === "") throw invalid('Path contains an empty segment ("//"). Use a single "/" between folders.', input);
    if (segment === ".") throw invalid('Path contains a "." segment. Write the path without "./", as in "notes.md".', input);
    if (segment === "..")
      throw invalid('Path contains a ".." segment. Paths cannot leave the workspace or refer to a parent folder.', input);
    if (codePoints(segment) > MAX_SEGMENT_CHARS) {
      throw invalid(
        `Path has a file or folder name of ${codePoints(segment)} characters; at most ${MAX_SEGMENT_CHARS} allowed per name.`,
        input,
      );
    }
    if (/^\s|\s$/u.test(segment)) throw invalid(`Path has a name that starts or ends with a space: "${segment}". Remove the space.`, input);
    if (LOOKALIKE_SPACE.test(segment))
      throw invalid(`Path has a name with a space other than the ordinary one (such as a no-break space): "${segment}".`, input);
    if (segment.endsWith(".")) throw invalid(`Path has a name that ends with ".": "${segment}". Remove the trailing dot.`, input);
  }
  return path;
}
