"use client";

import { useCallback, useReducer, useRef } from "react";
import { InspectorPanel } from "@/components/context/inspector-panel";
import { useContextInfo } from "@/components/context/use-context-info";
import { WorkspacePanel } from "@/components/workspace/workspace-panel";
import { ChatSession } from "./chat-session";
import { ThreadHeader } from "./thread-header";
import type { MessagePage } from "./types";
import { useSidePanels } from "./use-side-panels";

type ThreadWorkbenchProps = {
  threadId: string;
  title: string;
  initialPage: MessagePage;
  onTurnSettled: () => void;
};

const bump = (n: number) => n + 1;

/**
 * A loaded thread: the chat, with the workspace or the context inspector beside it. The counters
 * tell the side panels when to reload; both also poll on their own, so a missed bump only delays.
 */
export function ThreadWorkbench({ threadId, title, initialPage, onTurnSettled }: ThreadWorkbenchProps) {
  const [contextSignal, bumpContext] = useReducer(bump, 0);
  const [workspaceSignal, bumpWorkspace] = useReducer(bump, 0);
  const { info } = useContextInfo(threadId, contextSignal);
  const panels = useSidePanels();
  const inspectorToggle = useRef<HTMLButtonElement>(null);

  const turnSettled = useCallback(() => {
    bumpContext();
    bumpWorkspace();
    onTurnSettled();
  }, [onTurnSettled]);

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
        <ChatSession
          threadId={threadId}
          initialPage={initialPage}
          context={info}
          onTurnSettled={turnSettled}
          onEdited={bumpContext}
          onFileTool={bumpWorkspace}
        />
      </div>
      {/* Collapsed, not unmounted: an open file and its unsaved edits survive hiding the panel. */}
      <div id="workspace-region" className={panels.workspaceVisible ? "flex min-h-0" : "hidden"}>
        <WorkspacePanel threadId={threadId} refreshSignal={workspaceSignal} />
      </div>
      {panels.inspectorOpen && info && <InspectorPanel threadId={threadId} info={info} onClose={closeInspectorAndRefocus} />}
    </div>
  );
}
