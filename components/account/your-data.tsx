"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { ApiError } from "@/components/api/api-error";
import { ACCOUNT_EXPORT_URL, importExportFile } from "@/components/api/export-client";
import { getQueryClient } from "@/components/api/query-client";
import { queryKeys } from "@/components/api/query-keys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

const LINK =
  "inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-neutral-300 bg-white px-3.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/**
 * The account page's data section: everything of this person as one JSON file, and an import (a
 * file exported from this app, a ChatGPT export's zip or its conversations.json, or a Claude
 * export's conversations.json) that opens the first chat it made. The server tells the kinds apart
 * by content; the picker's filter only helps the person find the file. The file picker is a hidden input behind a real button, so it is reached and named like
 * every other control; progress and errors are announced.
 */
export function YourData() {
  const router = useRouter();
  const headingId = useId();
  const formatsId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function picked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // The same file picked again must fire a change event again.
    e.target.value = "";
    if (!file) return;
    setBusy(true);
    setError(null);
    setStatus(`Importing ${file.name}…`);
    try {
      const { threadIds, duplicate } = await importExportFile(file);
      await getQueryClient().invalidateQueries({ queryKey: queryKeys.threads() });
      setStatus(duplicate ? "This file was imported before: opening the chat it made." : "Imported: opening the chat.");
      router.push(`/t/${encodeURIComponent(threadIds[0])}`);
    } catch (err) {
      setStatus("");
      setError(
        err instanceof ApiError || err instanceof Error ? `The file was not imported: ${err.message}` : "The file was not imported.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4" data-testid="your-data">
      <h2 id={headingId} className="text-sm font-semibold">
        Your data
      </h2>
      <p className="text-xs text-neutral-600">
        Download every chat with its summaries, pins, workspace files and routines as one JSON file, or import chats as new chats.
      </p>
      <p className="text-xs text-neutral-600" id={formatsId}>
        Import takes a file exported from this app (.json), a ChatGPT export (the .zip, or the conversations.json in it) or a Claude export
        (conversations.json). Long chats are summarized right after the import.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={ACCOUNT_EXPORT_URL} download className={LINK} data-testid="download-all-data">
          Download all my data
        </a>
        <Button onClick={() => input.current?.click()} disabled={busy} aria-describedby={formatsId} data-testid="import-button">
          Import chats…
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,.zip,application/json,application/zip"
          className="hidden"
          tabIndex={-1}
          aria-label="Export file to import (.json or .zip)"
          data-testid="import-file"
          onChange={picked}
        />
      </div>
      <p role="status" className="text-xs text-neutral-700 empty:hidden" data-testid="import-status">
        {status}
      </p>
      {error && <Alert data-testid="import-error">{error}</Alert>}
    </section>
  );
}
