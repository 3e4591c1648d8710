"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { readableError } from "@/components/api/api-error";
import { isOverlong, OverlongDraft } from "./overlong-draft";
import { EditNotConfirmed } from "./use-edit-confirmation";
import { useModelInfo } from "./use-model-info";

type MessageEditorProps = {
  /** The message as sent, to tell whether the draft changes anything. */
  initialText: string;
  /** The draft, kept by the transcript so it outlives this row being scrolled out of view. */
  text: string;
  onTextChange: (text: string) => void;
  /** Resolves once the edit is stored; a rejection is shown here and keeps the draft. */
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
  /** A reply is streaming: saving now would race it. */
  disabled: boolean;
  /**
   * Only when the person just asked to edit: a row scrolled back into view remounts its editor,
   * and taking the focus (and the scroll position with it) then would yank them elsewhere.
   */
  autoFocus: boolean;
};

/** Inline editing of a sent message, with the composer's keys: Enter saves, Escape cancels. */
export function MessageEditor({ initialText, text, onTextChange, onSave, onCancel, disabled, autoFocus }: MessageEditorProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || !autoFocus) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [autoFocus]);

  const maxChars = useModelInfo().model?.maxMessageChars;
  const overlong = isOverlong(text, maxChars);
  const overlongId = useId();
  const unchanged = text.trim() === initialText.trim();
  const canSave = !disabled && !saving && text.trim() !== "" && !unchanged && !overlong;

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(text);
    } catch (e) {
      if (!(e instanceof EditNotConfirmed)) setError(readableError(e));
      setSaving(false);
    }
  };

  return (
    <form
      className="mt-1"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <textarea
        ref={ref}
        data-testid="edit-input"
        aria-label="Edit message"
        aria-invalid={overlong || undefined}
        aria-describedby={overlong ? overlongId : undefined}
        value={text}
        readOnly={saving}
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && !saving) {
            e.preventDefault();
            onCancel();
          } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
        className="block max-h-80 min-h-16 w-full resize-none rounded-lg border border-neutral-300 bg-white px-3 py-2 text-[15px] leading-relaxed outline-none [field-sizing:content] focus:border-neutral-500"
      />
      {overlong && (
        <div className="mt-2">
          <OverlongDraft id={overlongId} length={text.length} max={maxChars} />
        </div>
      )}
      {error && (
        <p role="alert" data-testid="edit-error" className="mt-1 text-xs text-red-700">
          Not saved: {error}
        </p>
      )}
      <div className="mt-2 flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-neutral-500">
          {disabled && !saving ? "Wait for the reply to finish." : "Replaces this message and everything after it."}
        </span>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={saving} data-testid="edit-cancel">
          Cancel
        </Button>
        <Button size="sm" variant="primary" type="submit" disabled={!canSave} data-testid="edit-save">
          {saving ? "Saving…" : "Save & regenerate"}
        </Button>
      </div>
    </form>
  );
}
