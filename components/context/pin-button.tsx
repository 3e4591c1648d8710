"use client";

import { useParams } from "next/navigation";
import { useState } from "react";
import { setPinned, usePins } from "./pin-store";

/**
 * Pin or unpin a stored message. A pinned message is never summarized away: the model input keeps
 * it verbatim right after the summary, within the pin budget shown here.
 */
export function PinButton({ messageId, className = "" }: { messageId: string; className?: string }) {
  const { id: threadId } = useParams<{ id: string }>();
  const pins = usePins(threadId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!pins) return null;
  const pinned = pins.pinned.has(messageId);
  const budget = `${pins.tokens.toLocaleString()} / ${pins.budgetTokens.toLocaleString()} pinned tokens`;
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        data-testid="pin-message"
        aria-pressed={pinned}
        disabled={busy}
        title={`${pinned ? "Unpin: this message may then be summarized" : "Pin: always send this message verbatim, even after compaction"} (${budget})`}
        onClick={async () => {
          setBusy(true);
          setError(await setPinned(threadId, messageId, !pinned));
          setBusy(false);
        }}
        className={`rounded px-1 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600 ${pinned ? "font-medium text-blue-700 opacity-100!" : "text-neutral-500"} ${className}`}
      >
        {pinned ? "Pinned" : "Pin"}
      </button>
      {pinned && <span data-testid="pin-budget" className="text-neutral-400">{budget}</span>}
      {error && <span role="alert" data-testid="pin-error" className="text-red-700">{error}</span>}
    </span>
  );
}
