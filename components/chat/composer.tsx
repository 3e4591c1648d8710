"use client";

import { useEffect, useRef } from "react";
import { useShortcut } from "@/components/shortcuts/use-shortcut";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";

type ComposerProps = {
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  /** A reply is streaming or being saved: no new message until it is stored. */
  busy: boolean;
  streaming: boolean;
};

export function Composer({ draft, onDraftChange, onSend, onStop, busy, streaming }: ComposerProps) {
  const hydrated = useHydrated();
  const disabled = !hydrated || busy;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useShortcut("focus-composer", () => textareaRef.current?.focus());

  // Disabling the field drops its focus; give it back when the turn ends, unless the person has
  // moved on to something else meanwhile.
  useEffect(() => {
    const active = document.activeElement;
    if (!disabled && (active === null || active === document.body)) textareaRef.current?.focus();
  }, [disabled]);

  const submit = () => {
    if (!disabled && draft.trim()) onSend(draft);
  };

  return (
    <form
      className="mx-auto w-full max-w-3xl px-2 pt-2 pb-3 sm:px-4 sm:pb-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {/* A 2 px blue ring while typing: the box, not the bare textarea, shows where the focus is. */}
      <div className="flex items-end gap-1.5 rounded-xl border border-neutral-400 bg-white p-1 shadow-sm focus-within:border-blue-600 focus-within:ring-1 focus-within:ring-blue-600 sm:gap-2 sm:p-2">
        <textarea
          ref={textareaRef}
          data-testid="composer"
          aria-label="Message"
          placeholder={streaming ? "Waiting for the reply…" : "Message the agent"}
          value={draft}
          disabled={disabled}
          rows={1}
          onChange={(e) => onDraftChange(e.target.value)}
          onKeyDown={(e) => {
            // isComposing: Enter that confirms an IME candidate must not send.
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          className="max-h-60 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-snug outline-none [field-sizing:content] placeholder:text-neutral-500 disabled:cursor-not-allowed disabled:text-neutral-500"
        />
        {streaming ? (
          <Button variant="secondary" onClick={onStop} data-testid="stop" aria-label="Stop the reply">
            <span aria-hidden className="size-2.5 rounded-sm bg-neutral-800" /> Stop
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={disabled || !draft.trim()} data-testid="send" className="max-sm:size-9">
            {/* An arrow on phones leaves the text at least 280 px wide. */}
            <svg viewBox="0 0 20 20" className="size-4 sm:hidden" fill="currentColor" aria-hidden>
              <path d="M10 3l6 6-1.4 1.4L11 6.8V17H9V6.8L5.4 10.4 4 9z" />
            </svg>
            <span className="max-sm:sr-only">Send</span>
          </Button>
        )}
      </div>
      <p className="mt-1.5 px-1 text-xs text-neutral-500">Enter to send · Shift+Enter for a new line</p>
    </form>
  );
}
