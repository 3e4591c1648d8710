"use client";

import { WorkspaceThreads } from "./workspace-threads";

/** A thin bar under the header, only when other chats share this chat's workspace. */
export function WorkMovedBar({ threadId }: { threadId: string }) {
  return <WorkspaceThreads threadId={threadId} />;
}
