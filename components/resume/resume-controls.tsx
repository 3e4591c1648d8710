"use client";

import { ContinueInNewChat } from "./continue-dialog";
import { WorkspaceThreads } from "./workspace-threads";

/** The thread header's resume button. */
export function ResumeControls({ threadId }: { threadId: string }) {
  return <ContinueInNewChat threadId={threadId} />;
}

/** A thin bar under the header, only when other chats share this chat's workspace. */
export function WorkMovedBar({ threadId }: { threadId: string }) {
  return <WorkspaceThreads threadId={threadId} />;
}
