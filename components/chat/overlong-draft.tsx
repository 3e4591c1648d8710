"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/components/ui/format-count";

/** Whether `text` is past the server's MAX_MESSAGE_CHARS; `max` is unknown until /api/model answers. */
export const isOverlong = (text: string, max: number | undefined): max is number => max !== undefined && text.length > max;

type OverlongDraftProps = {
  /** Referenced by the text field's aria-describedby. */
  id: string;
  length: number;
  max: number;
  /** The composer's way on: the draft becomes a text attachment. Absent when editing a sent message. */
  attach?: { busy: boolean; onAttach: () => void };
};

/**
 * Said under a draft too long to send, before anything is sent (the server would refuse it with a
 * 413): how long it is and what fits. A pasted log or document is what usually gets here, and it
 * fits as an attachment: the agent reads a text file from the workspace by line range.
 */
export function OverlongDraft({ id, length, max, attach }: OverlongDraftProps) {
  return (
    <div
      id={id}
      data-testid="overlong-draft"
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-neutral-900"
    >
      <p className="min-w-0 flex-1">
        Too long to send as one message: {formatCount(length)} characters, at most {formatCount(max)}.{" "}
        {attach ? "Attach it as a text file instead; the agent reads it from the workspace." : "Shorten it to save."}
      </p>
      {attach && (
        <Button size="sm" disabled={attach.busy} onClick={attach.onAttach} data-testid="attach-draft">
          {attach.busy ? "Attaching…" : "Attach as a text file"}
        </Button>
      )}
    </div>
  );
}

/**
 * The composer's "Attach as a text file": the draft uploads as `pasted-text.txt` and is emptied
 * once the file is in, and only if it is still what was attached; a refused upload (its chip says
 * why) leaves the draft as it was, so nothing typed is lost.
 */
export function useDraftAttachment(draft: string, onDraftChange: (text: string) => void, add: (files: File[]) => Promise<boolean>) {
  const [busy, setBusy] = useState(false);
  const latest = useRef(draft);
  latest.current = draft;
  const attach = async () => {
    const text = draft;
    setBusy(true);
    const ok = await add([new File([text], "pasted-text.txt", { type: "text/plain" })]);
    setBusy(false);
    if (ok && latest.current === text) onDraftChange("");
  };
  return { busy, attach };
}
