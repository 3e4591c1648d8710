"use client";

import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { clearDraft, readDraft, writeDraft } from "./draft-stash";
import { isDirty, openFileReducer, type OpenFileAction, type OpenFileState } from "./open-file-state";
import type { FileMeta, LoadedFile } from "./types";
import type { WorkspaceApi } from "@/components/api/api-client";
import { conflictDetails, readableError, isConflict, isNotFound } from "@/components/api/api-error";

const NOTICE_MS = 4000;

export type OpenFile = {
  state: OpenFileState;
  dispatch: (action: OpenFileAction) => void;
  open: (path: string) => void;
  edit: (draft: string) => void;
  /** Resolves true when the draft is safely on the server (or there was nothing to save). */
  save: () => Promise<boolean>;
  keepMine: () => Promise<boolean>;
  takeTheirs: () => void;
  close: () => void;
  /** Loads the current content after a change the person made elsewhere in the panel (a restore). */
  reload: (path: string, notice: string | null) => Promise<void>;
  renamed: (from: string, file: FileMeta) => void;
};

/** The open file: loading, editing and saving it, with conflicts instead of silent overwrites. */
export function useOpenFile(api: WorkspaceApi, threadId: string, onSaved: () => void): OpenFile {
  const [state, dispatch] = useReducer(openFileReducer, { status: "none" });
  // Async handlers read the latest state here; the draft is written on every keystroke so a save
  // right after typing sends exactly what is on screen, even before React re-renders.
  const stateRef = useRef(state);
  const draftRef = useRef("");
  useLayoutEffect(() => {
    stateRef.current = state;
    if (state.status === "ready") draftRef.current = state.draft;
  }, [state]);

  const open = useCallback(
    (path: string) => {
      dispatch({ type: "open", path });
      api.read(path).then(
        (file) => {
          const stash = readDraft(threadId, path);
          if (!stash || stash.draft === file.content || stash.base.version > file.version) {
            dispatch({ type: "loaded", file });
            return;
          }
          // Back to the version the draft was based on; anything newer arrives as remote news.
          dispatch({ type: "loadedDraft", base: stash.base, draft: stash.draft });
          if (file.version > stash.base.version) dispatch({ type: "remoteChanged", theirs: file });
        },
        (e: unknown) => dispatch({ type: "loadFailed", path, message: readableError(e), missing: isNotFound(e) }),
      );
    },
    [api, threadId],
  );

  const edit = useCallback((draft: string) => {
    draftRef.current = draft;
    dispatch({ type: "edit", draft });
  }, []);

  /** A 409 (or a 404: the file is gone) becomes the conflict bar, with the winning version loaded. */
  const showConflict = useCallback(
    async (path: string, error: unknown) => {
      const details = isConflict(error) ? conflictDetails(error) : { currentVersion: null, lastAuthor: null, deleted: true };
      if (details.deleted) {
        dispatch({ type: "remoteDeleted", path, version: details.currentVersion, by: details.lastAuthor });
        return;
      }
      try {
        dispatch({ type: "remoteChanged", theirs: await api.read(path) });
      } catch (e) {
        if (isNotFound(e)) dispatch({ type: "remoteDeleted", path, version: null, by: null });
        else
          dispatch({
            type: "saveFailed",
            message: `Not saved: the file changed on the server, and loading that version failed: ${readableError(e)}`,
          });
      }
    },
    [api],
  );

  const saveAs = useCallback(
    async (baseVersion: number | null): Promise<boolean> => {
      const s = stateRef.current;
      if (s.status !== "ready" || s.saving) return false;
      const content = draftRef.current;
      dispatch({ type: "saveStarted" });
      try {
        const file = await api.save(s.path, content, baseVersion);
        dispatch({ type: "saved", file, content });
        onSaved();
        return true;
      } catch (e) {
        if (isConflict(e) || isNotFound(e)) await showConflict(s.path, e);
        dispatch({ type: "saveFailed", message: isConflict(e) || isNotFound(e) ? null : `Not saved: ${readableError(e)}` });
        return false;
      }
    },
    [api, onSaved, showConflict],
  );

  const save = useCallback(async () => {
    const s = stateRef.current;
    if (s.status !== "ready") return false;
    if (!s.conflict && draftRef.current === s.base.content) return true;
    return saveAs(s.base.version);
  }, [saveAs]);

  const keepMine = useCallback(async () => {
    const c = stateRef.current.status === "ready" ? stateRef.current.conflict : null;
    if (!c) return false;
    // Saving on top of the version that won is what makes "mine" the newest, on purpose.
    return saveAs(c.kind === "changed" ? c.theirs.version : null);
  }, [saveAs]);

  const reload = useCallback(
    async (path: string, notice: string | null) => {
      const file: LoadedFile = await api.read(path);
      dispatch({ type: "replaced", file, notice });
    },
    [api],
  );

  const takeTheirs = useCallback(() => dispatch({ type: "takeTheirs" }), []);
  const close = useCallback(() => {
    const s = stateRef.current;
    if (s.status !== "none") clearDraft(threadId, s.path);
    dispatch({ type: "close" });
  }, [threadId]);
  const renamed = useCallback(
    (from: string, file: FileMeta) => {
      clearDraft(threadId, from); // a draft being edited is stashed again under its new path
      dispatch({ type: "renamed", from, file });
    },
    [threadId],
  );

  // Keep the stash in step: a dirty draft is stored, a clean or gone file leaves nothing behind.
  useEffect(() => {
    if (state.status === "ready" && isDirty(state)) writeDraft(threadId, { base: state.base, draft: state.draft });
    else if (state.status === "ready" || state.status === "gone") clearDraft(threadId, state.path);
  }, [state, threadId]);

  const notice = state.status === "ready" ? state.notice : null;
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dispatch({ type: "clearNotice" }), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return { state, dispatch, open, edit, save, keepMine, takeTheirs, close, reload, renamed };
}
