import type { Author, FileMeta, LoadedFile } from "./types";

/*
 * The file open in the editor, as a pure reducer. Remote news (the agent saved or deleted the file)
 * is decided here, against the latest draft, so an async answer arriving late can never overwrite
 * edits typed in the meantime: without local edits it is adopted, with them it becomes a conflict.
 */

export type Conflict = { kind: "changed"; theirs: LoadedFile } | { kind: "deleted"; version: number | null; by: Author | null };

export type ReadyFile = {
  status: "ready";
  path: string;
  /** The saved version the draft started from; saves send base.version as their baseVersion. */
  base: LoadedFile;
  draft: string;
  conflict: Conflict | null;
  saving: boolean;
  error: string | null;
  /** A short-lived note such as "Updated by the agent". */
  notice: string | null;
};

export type OpenFileState =
  | { status: "none" }
  | { status: "loading"; path: string }
  /** `missing`: the file does not exist (yet); it opens by itself once it appears. */
  | { status: "failed"; path: string; message: string; missing: boolean }
  /** The file is gone (deleted elsewhere) and nothing local was lost; its history remains. */
  | { status: "gone"; path: string; message: string }
  | ReadyFile;

export type OpenFileAction =
  | { type: "open"; path: string }
  | { type: "close" }
  | { type: "loaded"; file: LoadedFile }
  /** Reopened with a draft stashed earlier in this tab; `base` is the version it was based on. */
  | { type: "loadedDraft"; base: LoadedFile; draft: string }
  | { type: "loadFailed"; path: string; message: string; missing: boolean }
  | { type: "edit"; draft: string }
  | { type: "saveStarted" }
  | { type: "saved"; file: FileMeta; content: string }
  /** message null: the save ended in a conflict, which is shown instead of an error. */
  | { type: "saveFailed"; message: string | null }
  | { type: "remoteChanged"; theirs: LoadedFile }
  | { type: "remoteDeleted"; path: string; version: number | null; by: Author | null }
  | { type: "takeTheirs" }
  /** A new version the person asked for (e.g. a restore), adopted with a note. */
  | { type: "replaced"; file: LoadedFile; notice: string | null }
  | { type: "renamed"; from: string; file: FileMeta }
  | { type: "dismissError" }
  | { type: "clearNotice" };

export const isDirty = (s: OpenFileState): boolean =>
  s.status === "ready" && (s.draft !== s.base.content || s.conflict?.kind === "deleted");

const byWhom = (a: Author | null) => (a === "agent" ? "the agent" : a === "person" ? "you (elsewhere)" : "someone else");

function ready(file: LoadedFile, notice: string | null = null): ReadyFile {
  return { status: "ready", path: file.path, base: file, draft: file.content, conflict: null, saving: false, error: null, notice };
}

export function openFileReducer(state: OpenFileState, action: OpenFileAction): OpenFileState {
  switch (action.type) {
    case "open":
      return { status: "loading", path: action.path };
    case "close":
      return { status: "none" };
    case "loaded":
      return state.status === "loading" && state.path === action.file.path ? ready(action.file) : state;
    case "loadedDraft":
      return state.status === "loading" && state.path === action.base.path
        ? { ...ready(action.base, "Your unsaved edits from before are back"), draft: action.draft }
        : state;
    case "loadFailed":
      return state.status === "loading" && state.path === action.path
        ? { status: "failed", path: action.path, message: action.message, missing: action.missing }
        : state;
    case "replaced": {
      const current = state.status === "ready" || state.status === "gone" ? state.path : null;
      return current === action.file.path ? ready(action.file, action.notice) : state;
    }
  }
  if (state.status !== "ready") return state;

  switch (action.type) {
    case "edit":
      return { ...state, draft: action.draft };
    case "saveStarted":
      return { ...state, saving: true, error: null };
    case "saved": {
      if (action.file.path !== state.path) return state;
      const base: LoadedFile = { ...action.file, content: action.content };
      return { ...state, base, saving: false, conflict: null, error: null };
    }
    case "saveFailed":
      return { ...state, saving: false, error: action.message ?? state.error };
    case "remoteChanged": {
      const { theirs } = action;
      if (theirs.path !== state.path || theirs.version <= state.base.version) return state;
      const dirty = state.draft !== state.base.content;
      // Both sides already agree (e.g. our own save answered after the list saw it): nothing to ask.
      if (theirs.content === state.draft) return { ...state, base: theirs, conflict: null, saving: false };
      if (!dirty) return ready(theirs, theirs.lastAuthor === "agent" ? "Updated by the agent" : "Updated elsewhere");
      if (state.conflict?.kind === "changed" && state.conflict.theirs.version >= theirs.version) return state;
      return { ...state, saving: false, conflict: { kind: "changed", theirs } };
    }
    case "remoteDeleted": {
      if (action.path !== state.path) return state;
      if (state.draft === state.base.content && !state.conflict) {
        return { status: "gone", path: state.path, message: `“${state.path}” was deleted by ${byWhom(action.by)}. Its history is kept.` };
      }
      return { ...state, saving: false, conflict: { kind: "deleted", version: action.version, by: action.by } };
    }
    case "takeTheirs": {
      const c = state.conflict;
      if (!c) return state;
      if (c.kind === "changed") return ready(c.theirs);
      return {
        status: "gone",
        path: state.path,
        message: `“${state.path}” was deleted by ${byWhom(c.by)}; your edits were discarded. Its history is kept.`,
      };
    }
    case "renamed": {
      if (action.from !== state.path) return state;
      // The server copied exactly base.content (the rename was guarded by base.version): keep the draft.
      return { ...state, path: action.file.path, base: { ...action.file, content: state.base.content } };
    }
    case "dismissError":
      return { ...state, error: null };
    case "clearNotice":
      return { ...state, notice: null };
  }
  return state;
}

export function conflictSentence(c: Conflict): string {
  if (c.kind === "deleted") {
    return `${c.by === "agent" ? "The agent" : "Someone else"} deleted this file${c.version ? ` (version ${c.version})` : ""}. Your unsaved edits are still here.`;
  }
  return `${c.theirs.lastAuthor === "agent" ? "The agent" : "Someone else"} changed this file (version ${c.theirs.version}).`;
}
