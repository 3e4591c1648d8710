"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";

type PathFormProps = {
  label: string;
  submitLabel: string;
  initialPath?: string;
  placeholder?: string;
  /** Resolves on success; a rejection's message (the server's path rules) is shown under the field. */
  onSubmit: (path: string) => Promise<void>;
  onCancel: () => void;
  testId: string;
};

/**
 * An inline path field for creating and renaming files. Paths are validated by the server, which
 * knows all the rules and explains the broken one; the form only shows that explanation.
 */
export function PathForm({ label, submitLabel, initialPath = "", placeholder, onSubmit, onCancel, testId }: PathFormProps) {
  const [path, setPath] = useState(initialPath);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = `${testId}-error`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(path);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-1.5 border-b border-neutral-200 bg-neutral-50 px-3 py-2"
      data-testid={testId}
    >
      <label className="text-xs font-medium text-neutral-600" htmlFor={`${testId}-input`}>
        {label}
      </label>
      <div className="flex gap-1.5">
        <input
          id={`${testId}-input`}
          data-testid={`${testId}-input`}
          autoFocus
          value={path}
          placeholder={placeholder}
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setPath(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              onCancel();
            }
          }}
          className="h-7 min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-2 font-mono text-xs focus:border-blue-600 focus:outline-none"
        />
        <Button type="submit" size="sm" variant="primary" disabled={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700" data-testid={errorId}>
          {error}
        </p>
      )}
    </form>
  );
}
