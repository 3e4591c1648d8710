"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { queryKeys } from "@/components/api/query-keys";
import type { MessageVersions } from "@/lib/api";
import { useThreadScope } from "./thread-scope";

const ARROW =
  "rounded px-1 text-neutral-600 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:text-neutral-300";

/**
 * `< k / n >` on a message with other versions (its edits, or its regenerations): an arrow shows
 * the neighbouring version with the conversation that followed it, in every open tab (the server
 * sends the change on the live feed; this tab reads the transcript again at once).
 */
export function VersionSwitcher({ versions, disabled, isUser }: { versions: MessageVersions; disabled: boolean; isUser: boolean }) {
  const { threadId } = useThreadScope();
  const queryClient = useQueryClient();
  const show = useMutation({
    mutationFn: (to: { id: string; direction: "previous" | "next" }) => api.showVersion(threadId, to.id),
    onSuccess: async (_shown, to) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.thread(threadId) });
      // The row with the pressed arrow is gone (another version took its place): the keyboard
      // stays on the arrows, in the new version's row, once it is drawn.
      requestAnimationFrame(() => focusArrows(to.id, to.direction));
    },
  });
  const what = isUser ? "version of this message" : "version of this reply";
  const busy = disabled || show.isPending;
  const arrow = (direction: "previous" | "next", to: string | null, label: string, mark: string) => (
    <button
      type="button"
      data-testid={`version-${direction}`}
      disabled={busy || to === null}
      aria-label={`${label} ${what}`}
      title={disabled ? "Wait for the reply to finish" : `${label} ${what}`}
      onClick={() => to && show.mutate({ id: to, direction })}
      className={ARROW}
    >
      <span aria-hidden>{mark}</span>
    </button>
  );
  return (
    <span
      role="group"
      aria-label={`Versions: ${versions.index} of ${versions.count}`}
      data-testid="message-versions"
      className="inline-flex items-center gap-0.5"
    >
      {arrow("previous", versions.previousId, "Previous", "‹")}
      <span data-testid="version-position" className="tabular-nums text-neutral-600">
        {versions.index} / {versions.count}
      </span>
      {arrow("next", versions.nextId, "Next", "›")}
      {show.error && (
        <span role="alert" data-testid="version-error" className="ml-1 text-red-700">
          {readableError(show.error)}
        </span>
      )}
    </span>
  );
}

function focusArrows(messageId: string, direction: "previous" | "next") {
  const row = document.querySelector(`[data-message-id="${CSS.escape(messageId)}"]`);
  const same = row?.querySelector<HTMLButtonElement>(`[data-testid="version-${direction}"]`);
  const other = row?.querySelector<HTMLButtonElement>(`[data-testid="version-${direction === "previous" ? "next" : "previous"}"]`);
  (same && !same.disabled ? same : other)?.focus();
}
