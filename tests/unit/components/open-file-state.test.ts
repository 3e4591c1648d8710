import { describe, expect, it } from "vitest";
import {
  conflictSentence,
  isDirty,
  openFileReducer,
  type OpenFileAction,
  type OpenFileState,
  type ReadyFile,
} from "@/components/workspace/open-file-state";
import type { LoadedFile } from "@/components/workspace/types";

const file = (version: number, content: string, over: Partial<LoadedFile> = {}): LoadedFile => ({
  path: "plan.md",
  version,
  lastAuthor: "person",
  updatedAt: new Date(version * 1000).toISOString(),
  content,
  ...over,
});
const run = (state: OpenFileState, ...actions: OpenFileAction[]) => actions.reduce(openFileReducer, state);
const opened = (f: LoadedFile = file(1, "v1")) =>
  run({ status: "none" }, { type: "open", path: f.path }, { type: "loaded", file: f }) as ReadyFile;
const meta = (version: number, path = "plan.md") => ({
  path,
  version,
  size: 2,
  lastAuthor: "person" as const,
  updatedAt: new Date().toISOString(),
});

describe("openFileReducer: loading", () => {
  it("opens the file that was asked for, and ignores an answer for another path", () => {
    const loading = run({ status: "none" }, { type: "open", path: "plan.md" });
    expect(run(loading, { type: "loaded", file: file(1, "x", { path: "other.md" }) })).toBe(loading);
    const ready = run(loading, { type: "loaded", file: file(1, "x") });
    expect(ready).toMatchObject({ status: "ready", draft: "x", base: { version: 1 } });
    expect(isDirty(ready)).toBe(false);
  });

  it("brings back a stashed draft with a note, dirty", () => {
    const s = run({ status: "none" }, { type: "open", path: "plan.md" }, { type: "loadedDraft", base: file(1, "saved"), draft: "mine" });
    expect(s).toMatchObject({ status: "ready", draft: "mine", notice: expect.stringContaining("unsaved edits") });
    expect(isDirty(s)).toBe(true);
  });

  it("a failed load of a missing file waits for it", () => {
    const s = run(
      { status: "none" },
      { type: "open", path: "plan.md" },
      { type: "loadFailed", path: "plan.md", message: "not found", missing: true },
    );
    expect(s).toEqual({ status: "failed", path: "plan.md", message: "not found", missing: true });
  });
});

describe("openFileReducer: remote changes against the draft", () => {
  it("adopts a newer version when nothing is edited, saying who changed it", () => {
    const s = run(opened(), { type: "remoteChanged", theirs: file(2, "agent text", { lastAuthor: "agent" }) });
    expect(s).toMatchObject({ status: "ready", draft: "agent text", base: { version: 2 }, conflict: null, notice: "Updated by the agent" });
  });

  it("turns a newer version into a conflict when the draft has edits, keeping the edits", () => {
    const s = run(opened(), { type: "edit", draft: "my edits" }, { type: "remoteChanged", theirs: file(2, "theirs") });
    expect(s).toMatchObject({ draft: "my edits", base: { version: 1 }, conflict: { kind: "changed", theirs: { version: 2 } } });
    expect(isDirty(s)).toBe(true);
  });

  it("ignores news that is not newer than what it has (a late answer)", () => {
    const s = run(opened(file(3, "v3")), { type: "edit", draft: "typing" });
    expect(run(s, { type: "remoteChanged", theirs: file(2, "old") })).toBe(s);
  });

  it("needs no decision when the remote content equals the draft", () => {
    const s = run(opened(), { type: "edit", draft: "same" }, { type: "remoteChanged", theirs: file(2, "same") });
    expect(s).toMatchObject({ base: { version: 2 }, conflict: null });
    expect(isDirty(s)).toBe(false);
  });

  it("a deletion closes a clean file, but keeps edits as a 'deleted' conflict", () => {
    const deleted = { type: "remoteDeleted", path: "plan.md", version: 2, by: "agent" } as const;
    expect(run(opened(), deleted)).toMatchObject({ status: "gone", message: expect.stringContaining("the agent") });
    const dirty = run(opened(), { type: "edit", draft: "mine" }, deleted);
    expect(dirty).toMatchObject({ status: "ready", draft: "mine", conflict: { kind: "deleted", by: "agent" } });
    expect(isDirty(run(dirty, { type: "edit", draft: "v1" }))).toBe(true);
  });

  it("taking theirs drops the edits", () => {
    const s = run(opened(), { type: "edit", draft: "mine" }, { type: "remoteChanged", theirs: file(2, "theirs") }, { type: "takeTheirs" });
    expect(s).toMatchObject({ status: "ready", draft: "theirs", base: { version: 2 }, conflict: null });
  });
});

describe("openFileReducer: saving and renaming", () => {
  it("a save moves the base to the saved version with the content sent, and clears the conflict", () => {
    const s = run(
      opened(),
      { type: "edit", draft: "sent" },
      { type: "saveStarted" },
      { type: "edit", draft: "sent and more" },
      { type: "saved", file: meta(2), content: "sent" },
    );
    expect(s).toMatchObject({ saving: false, base: { version: 2, content: "sent" }, draft: "sent and more" });
    expect(isDirty(s)).toBe(true);
  });

  it("a failed save keeps the draft and shows the error; a save ending in a conflict shows no error (the conflict bar explains)", () => {
    const failed = run(
      opened(),
      { type: "edit", draft: "x" },
      { type: "saveStarted" },
      { type: "saveFailed", message: "Not saved: offline" },
    );
    expect(failed).toMatchObject({ saving: false, error: "Not saved: offline", draft: "x" });
    expect(run(failed, { type: "saveStarted" }, { type: "saveFailed", message: null })).toMatchObject({ error: null });
  });

  it("a rename follows the file and keeps the draft", () => {
    const s = run(opened(), { type: "edit", draft: "draft" }, { type: "renamed", from: "plan.md", file: meta(2, "plans/plan.md") });
    expect(s).toMatchObject({ path: "plans/plan.md", draft: "draft", base: { version: 2, content: "v1" } });
  });

  it("a restore replaces the file only if it is still the one open", () => {
    const s = opened();
    expect(run(s, { type: "replaced", file: file(4, "restored", { path: "other.md" }), notice: null })).toBe(s);
    expect(run(s, { type: "replaced", file: file(4, "restored"), notice: "Restored version 1" })).toMatchObject({
      draft: "restored",
      notice: "Restored version 1",
    });
  });
});

describe("conflictSentence", () => {
  it("says who changed or deleted the file", () => {
    expect(conflictSentence({ kind: "changed", theirs: file(3, "x", { lastAuthor: "agent" }) })).toBe(
      "The agent changed this file (version 3).",
    );
    expect(conflictSentence({ kind: "deleted", version: 4, by: "person" })).toMatch(/^Someone else deleted this file \(version 4\)/);
  });
});
