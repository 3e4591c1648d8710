"use client";

import { Button } from "@/components/ui/button";
import { conflictSentence, type Conflict } from "./open-file-state";

type ConflictBarProps = {
  conflict: Conflict;
  saving: boolean;
  comparing: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onToggleCompare: () => void;
};

/** Shown while local edits and a newer server version disagree; nothing is saved until the person picks. */
export function ConflictBar({ conflict, saving, comparing, onKeepMine, onTakeTheirs, onToggleCompare }: ConflictBarProps) {
  const deleted = conflict.kind === "deleted";
  return (
    <div
      role="alert"
      data-testid="file-conflict"
      className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1 basis-48">{conflictSentence(conflict)}</p>
      <div className="flex flex-wrap gap-1.5">
        <Button
          size="sm"
          variant="primary"
          disabled={saving}
          onClick={onKeepMine}
          data-testid="conflict-keep-mine"
          title={deleted ? "Re-create the file with your version" : "Save your version on top of theirs (theirs stays in the history)"}
        >
          {saving ? "Saving…" : "Keep mine"}
        </Button>
        <Button
          size="sm"
          disabled={saving}
          onClick={onTakeTheirs}
          data-testid="conflict-take-theirs"
          title={deleted ? "Discard your edits and accept the deletion" : "Discard your edits and load their version"}
        >
          Take theirs
        </Button>
        {!deleted && (
          <Button size="sm" variant="ghost" onClick={onToggleCompare} aria-pressed={comparing} data-testid="conflict-compare">
            {comparing ? "Back to editor" : "Compare"}
          </Button>
        )}
      </div>
    </div>
  );
}
