"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import type { BranchRequest } from "@/lib/api";
import { useThreadScope } from "./thread-scope";

const CHOICES: { value: BranchRequest["workspace"]; label: string; detail: string }[] = [
  { value: "shared", label: "Share this chat's workspace", detail: "Both chats read and write the same files." },
  { value: "copy", label: "Copy the workspace", detail: "The new chat starts with these files and keeps its own from then on." },
];

/**
 * "Branch into a new chat" from a message: a new chat with the conversation as shown up to it,
 * opened once made. The person chooses whether the workspace is shared or copied; a sent email or
 * any other action is not repeated (actions belong to the world, not to the conversation).
 */
export function BranchDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const { threadId } = useThreadScope();
  const router = useRouter();
  const titleId = useId();
  const [workspace, setWorkspace] = useState<BranchRequest["workspace"]>("shared");
  const branch = useMutation({
    mutationFn: () => api.branchAt(threadId, messageId, { workspace }),
    onSuccess: (made) => router.push(`/t/${encodeURIComponent(made.id)}`),
  });
  return (
    <ModalDialog open title="Branch into a new chat" titleId={titleId} onCancel={onClose} closeOnBackdrop testId="branch-dialog">
      <p className="mt-1 text-sm text-neutral-700">
        The new chat holds this conversation up to this message, with its summary. Sent emails and other actions are not repeated.
      </p>
      <fieldset className="mt-3 space-y-2">
        <legend className="sr-only">Workspace</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className="flex items-start gap-2 rounded-md border border-neutral-200 px-2 py-1.5 text-sm">
            <input
              type="radio"
              name="branch-workspace"
              value={c.value}
              checked={workspace === c.value}
              onChange={() => setWorkspace(c.value)}
              data-testid={`branch-workspace-${c.value}`}
              className="mt-1"
            />
            <span>
              <span className="block font-medium">{c.label}</span>
              <span className="block text-xs text-neutral-700">{c.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {branch.error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {readableError(branch.error)}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <Button size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" onClick={() => branch.mutate()} disabled={branch.isPending} data-testid="branch-accept">
          {branch.isPending ? "Branching…" : "Branch"}
        </Button>
      </div>
    </ModalDialog>
  );
}
