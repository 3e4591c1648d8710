"use client";

import { useCallback, useRef, useState } from "react";
import { InspectorPanel } from "@/components/context/inspector-panel";
import { useContextInfo } from "@/components/context/use-context-info";
import { SidePanel } from "@/components/layout/side-panel";
import { SplitView } from "@/components/layout/split-view";
import { useShortcut } from "@/components/shortcuts/use-shortcut";
import { WorkspacePanel } from "@/components/workspace/workspace-panel";
import type { MessagePage } from "@/lib/api";
import { ChatSession } from "./chat-session";
import { ThreadHeader } from "./thread-header";
import { useSidePanels } from "./use-side-panels";

type ThreadWorkbenchProps = {
  threadId: string;
  title: string;
  initialPage: MessagePage;
  /** The workspace panel as the person last left it in this thread; null: it follows the files. */
  workspaceChoice: boolean | null;
};

/**
 * A loaded thread: the chat, with the workspace or the context inspector beside it. Each reads its
 * own query; a settled turn invalidates the thread's queries, so no one passes refresh signals.
 */
export function ThreadWorkbench({ threadId, title, initialPage, workspaceChoice }: ThreadWorkbenchProps) {
  const { info } = useContextInfo(threadId);
  const panels = useSidePanels(threadId, workspaceChoice);
  const inspectorToggle = useRef<HTMLButtonElement>(null);
  const workspaceToggle = useRef<HTMLButtonElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const [searchOpen, setSearchOpen] = useState(false);

  // Closing a panel from inside it gives focus back to the switch that opened it.
  const { closeInspector, closeWorkspace } = panels;
  const closeInspectorAndRefocus = useCallback(() => {
    closeInspector();
    inspectorToggle.current?.focus();
  }, [closeInspector]);
  const closeWorkspaceAndRefocus = useCallback(() => {
    closeWorkspace();
    workspaceToggle.current?.focus();
  }, [closeWorkspace]);

  // A shortcut that hides the panel holding the focus gives the focus to the panel's switch.
  const toggleBy = (toggle: () => void, region: string, from: { current: HTMLButtonElement | null }) => () => {
    const focusWasInside = document.getElementById(region)?.contains(document.activeElement) ?? false;
    toggle();
    if (focusWasInside) from.current?.focus();
  };
  useShortcut("toggle-workspace", toggleBy(panels.toggleWorkspace, "workspace-region", workspaceToggle));
  useShortcut("toggle-inspector", toggleBy(panels.toggleInspector, "context-inspector", inspectorToggle));

  const inspectorShown = panels.inspectorOpen && info !== null;
  const shown = inspectorShown ? INSPECTOR : panels.workspaceVisible ? WORKSPACE : null;
  const closeShown = inspectorShown ? closeInspectorAndRefocus : closeWorkspaceAndRefocus;

  return (
    <SplitView
      shown={shown}
      onDragClosed={closeShown}
      main={
        <>
          <ThreadHeader
            threadId={threadId}
            title={title}
            context={info}
            workspaceVisible={panels.workspaceVisible}
            inspectorOpen={panels.inspectorOpen}
            onToggleWorkspace={panels.toggleWorkspace}
            onToggleInspector={panels.toggleInspector}
            inspectorToggleRef={inspectorToggle}
            workspaceToggleRef={workspaceToggle}
            search={{ open: searchOpen, toggle: () => setSearchOpen((open) => !open), toggleRef: searchToggle }}
          />
          <ChatSession
            threadId={threadId}
            initialPage={initialPage}
            context={info}
            search={{ open: searchOpen, setOpen: setSearchOpen, toggleRef: searchToggle }}
          />
        </>
      }
      side={
        <>
          <SidePanel open={panels.workspaceVisible} onClose={closeWorkspaceAndRefocus} label="Workspace" id="workspace-region" keepMounted>
            <WorkspacePanel threadId={threadId} onClose={closeWorkspaceAndRefocus} />
          </SidePanel>
          <SidePanel open={inspectorShown} onClose={closeInspectorAndRefocus} label="Model input">
            {info && <InspectorPanel threadId={threadId} info={info} onClose={closeInspectorAndRefocus} />}
          </SidePanel>
        </>
      }
    />
  );
}

// Widths before a person drags one: about a third of a 1440 px screen beside the chat list.
const WORKSPACE = { kind: "workspace", label: "Workspace", defaultWidth: "30rem" };
const INSPECTOR = { kind: "inspector", label: "Inspector", defaultWidth: "28rem" };
