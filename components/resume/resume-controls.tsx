"use client";

import { ContinueInNewChat } from "./continue-dialog";
import { WorkspaceThreads } from "./workspace-threads";

/** The thread header's resume corner: where the work moved, and the way to move it. */
export function ResumeControls({ threadId }: { threadId: string }) {
  return (
    <div className="flex min-w-0 shrink items-center gap-2">
      <WorkspaceThreads threadId={threadId} />
      <ContinueInNewChat threadId={threadId} />
    </div>
  );
}
