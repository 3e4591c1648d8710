"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { actions } from "@/components/api/action-client";
import { readableError } from "@/components/api/api-error";
import { pinsQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { formatCount } from "@/components/ui/format-count";

/**
 * Pin or unpin a stored message. A pinned message is never summarized away: the model input keeps
 * it verbatim right after the summary, within the pin budget shown here.
 */
export function PinButton({ messageId, className = "" }: { messageId: string; className?: string }) {
  const { id: threadId } = useParams<{ id: string }>();
  const queryClient = useQueryClient();
  const pins = useQuery(pinsQuery(threadId)).data;
  const toggle = useMutation({
    mutationFn: (pin: boolean) => actions.setPinned(threadId, messageId, pin),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.pins(threadId), state);
      // What the next request sends changed: the inspector and gauge re-read it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.context(threadId) });
    },
  });
  if (!pins) return null;
  const pinned = pins.pinned.some((p) => p.id === messageId);
  const budget = `${formatCount(pins.tokens)} / ${formatCount(pins.budgetTokens)} pinned tokens`;
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        data-testid="pin-message"
        aria-pressed={pinned}
        disabled={toggle.isPending}
        title={`${pinned ? "Unpin: this message may then be summarized" : "Pin: always send this message verbatim, even after compaction"} (${budget})`}
        onClick={() => toggle.mutate(!pinned)}
        className={`rounded px-1 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600 ${pinned ? "font-medium text-blue-700 opacity-100!" : "text-neutral-500"} ${className}`}
      >
        {pinned ? "Pinned" : "Pin"}
      </button>
      {pinned && (
        <span data-testid="pin-budget" className="text-neutral-500">
          {budget}
        </span>
      )}
      {toggle.error && (
        <span role="alert" data-testid="pin-error" className="text-red-700">
          {readableError(toggle.error)}
        </span>
      )}
    </span>
  );
}
