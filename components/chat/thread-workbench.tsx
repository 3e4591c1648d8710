"use client";

import { useCallback, useRef } from "react";
import { InspectorPanel } from "@/components/context/inspector-panel";
import { useContextInfo } from "@/components/context/use-context-info";
import { WorkspacePanel } from "@/components/workspace/workspace-panel";
import type { MessagePage } from "@/lib/api";
import { ChatSession } from "./chat-session";
import { ThreadHeader } from "./thread-header";
import { useSidePanels } from "./use-side-panels";

type ThreadWorkbenchProps = {
  threadId: string;
  title: string;
  initialPage: MessagePage;
};

/**
 * A loaded thread: the chat, with the workspace or the context inspector beside it. Each reads its
 * own query; a settled turn invalidates the thread's queries, so no one passes refresh signals.
 */
export function ThreadWorkbench({ threadId, title, initialPage }: ThreadWorkbenchProps) {
  const { info } = useContextInfo(threadId);
  const panels = useSidePanels();
  const inspectorToggle = useRef<HTMLButtonElement>(null);

  const { closeInspector } = panels;
  const closeInspectorAndRefocus = useCallback(() => {
    closeInspector();
    inspectorToggle.current?.focus();
  }, [closeInspector]);

  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-w-0 flex-1 flex-col">
        <ThreadHeader
          threadId={threadId}
          title={title}
          context={info}
          workspaceVisible={panels.workspaceVisible}
          inspectorOpen={panels.inspectorOpen}
          onToggleWorkspace={panels.toggleWorkspace}
          onToggleInspector={panels.toggleInspector}
          inspectorToggleRef={inspectorToggle}
        />
        <ChatSession threadId={threadId} initialPage={initialPage} context={info} />
      </div>
      {/* Collapsed, not unmounted: an open file and its unsaved edits survive hiding the panel. */}
      <div id="workspace-region" className={panels.workspaceVisible ? "flex min-h-0" : "hidden"}>
        <WorkspacePanel threadId={threadId} />
      </div>
      {panels.inspectorOpen && info && <InspectorPanel threadId={threadId} info={info} onClose={closeInspectorAndRefocus} />}
    </div>
  );
}
