"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { deletedFilesQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { Button } from "@/components/ui/button";
import { authorLabel, formatWhen } from "./format";

/**
 * The workspace's deleted files, under the live ones: each can be brought back from its history
 * (its last content before the deletion becomes a new version). Hidden while nothing is deleted.
 */
export function DeletedFiles({ threadId, onRestored }: { threadId: string; onRestored: (path: string) => void }) {
  const queryClient = useQueryClient();
  const { data: deleted } = useQuery(deletedFilesQuery(threadId));
  const restore = useMutation({
    mutationFn: ({ path, version }: { path: string; version: number }) => api.files(threadId).undelete(path, version),
    onSuccess: (_result, { path }) => onRestored(path),
    // The live list and this one both change (and a conflict means someone else changed them).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.files(threadId) }),
  });
  if (!deleted || deleted.length === 0) return null;
  return (
    <details className="mt-1 border-t border-neutral-100" data-testid="deleted-files">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-semibold tracking-wide text-neutral-500 uppercase focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600">
        Deleted <span className="font-normal text-neutral-500">{deleted.length}</span>
      </summary>
      {restore.error && (
        <p role="alert" className="px-3 py-1 text-xs text-red-700">
          Could not restore: {readableError(restore.error)}
        </p>
      )}
      <ul aria-label="Deleted files">
        {deleted.map((d) => (
          <li key={d.path} data-testid="deleted-file" data-path={d.path} className="flex items-center gap-2 py-1 pr-3 pl-3 text-sm">
            <span className="min-w-0 flex-1 truncate font-mono text-xs text-neutral-500 line-through" title={d.path}>
              {d.path}
            </span>
            <span className="shrink-0 text-[11px] text-neutral-500">
              by {authorLabel(d.deletedBy)}, {formatWhen(d.deletedAt)}
            </span>
            <Button
              size="sm"
              variant="ghost"
              data-testid="deleted-file-restore"
              aria-label={`Restore ${d.path}`}
              disabled={restore.isPending}
              onClick={() => restore.mutate({ path: d.path, version: d.version })}
            >
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
