"use client";

import { useEffect, useRef } from "react";
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
      className="mx-auto w-full max-w-3xl px-4 pt-2 pb-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2 rounded-xl border border-neutral-300 bg-white p-2 shadow-sm focus-within:border-neutral-500">
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
          className="max-h-60 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-snug outline-none [field-sizing:content] placeholder:text-neutral-400 disabled:cursor-not-allowed disabled:text-neutral-500"
        />
        {streaming ? (
          <Button variant="secondary" onClick={onStop} data-testid="stop" aria-label="Stop the reply">
            <span aria-hidden className="size-2.5 rounded-sm bg-neutral-800" /> Stop
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={disabled || !draft.trim()} data-testid="send">
            Send
          </Button>
        )}
      </div>
      <p className="mt-1.5 px-1 text-xs text-neutral-400">Enter to send · Shift+Enter for a new line</p>
    </form>
  );
}
