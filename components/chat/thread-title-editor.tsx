"use client";

import { useRef, useState } from "react";

type ThreadTitleEditorProps = {
  initialTitle: string;
  onSave: (title: string) => void;
  onCancel: () => void;
};

/** Inline rename: Enter or leaving the field saves, Escape cancels. */
export function ThreadTitleEditor({ initialTitle, onSave, onCancel }: ThreadTitleEditorProps) {
  const [value, setValue] = useState(initialTitle);
  // Enter/Escape unmount the input, and some browsers then fire blur; act only once.
  const settled = useRef(false);

  const finish = (save: boolean) => {
    if (settled.current) return;
    settled.current = true;
    const title = value.trim();
    if (save && title && title !== initialTitle) onSave(title);
    else onCancel();
  };

  return (
    <input
      autoFocus
      data-testid="rename-input"
      aria-label="Chat title"
      value={value}
      maxLength={200}
      onChange={(e) => setValue(e.target.value)}
      onFocus={(e) => e.target.select()}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          finish(true);
        } else if (e.key === "Escape") {
          e.preventDefault();
          finish(false);
        }
      }}
      className="h-8 w-full rounded-md border border-blue-500 bg-white px-2 text-sm outline-none ring-2 ring-blue-200"
    />
  );
}
