"use client";

import type { ButtonHTMLAttributes, Ref } from "react";
import { ActionsEntry } from "@/components/actions/actions-entry";
import { ContextGauge } from "@/components/context/context-gauge";
import { DrawerButton } from "@/components/layout/app-frame";
import type { ContextInfo } from "@/lib/api";
import { ResumeControls, WorkMovedBar } from "@/components/resume/resume-controls";
import { ModelPicker } from "./model-picker";

type ThreadHeaderProps = {
  threadId: string;
  title: string;
  context: ContextInfo | null;
  workspaceVisible: boolean;
  inspectorOpen: boolean;
  onToggleWorkspace: () => void;
  onToggleInspector: () => void;
  inspectorToggleRef: Ref<HTMLButtonElement>;
  workspaceToggleRef: Ref<HTMLButtonElement>;
  /** The chat's search box (ThreadSearch), shown over the transcript. */
  search: { open: boolean; toggle: () => void; toggleRef: Ref<HTMLButtonElement> };
};

/** A header switch for a side panel; pressed while its panel is showing. */
function PanelToggle({ ref, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      className="inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-pressed:bg-neutral-200 aria-pressed:text-neutral-900"
      {...props}
    />
  );
}

/** The open thread's title, how full the model's context is, and the side panel switches. */
export function ThreadHeader(props: ThreadHeaderProps) {
  const { threadId, title, context, workspaceVisible, inspectorOpen, onToggleWorkspace, onToggleInspector } = props;
  return (
    <>
      {/* Wraps the switches onto a second row rather than squeezing the title below 8rem. */}
      <header className="@container flex min-h-12 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-neutral-200 px-3 py-1.5 sm:px-4">
        <DrawerButton />
        <h1 className="min-w-32 flex-1 truncate text-sm font-medium text-neutral-800" data-testid="thread-title">
          {title}
        </h1>
        {context && (
          <div className="hidden shrink-0 @2xl:block">
            <ContextGauge info={context} />
          </div>
        )}
        <ModelPicker threadId={threadId} />
        <ResumeControls threadId={threadId} />
        <div className="flex shrink-0 items-center gap-1">
          <ActionsEntry threadId={threadId} />
          <PanelToggle
            ref={props.search.toggleRef}
            data-testid="thread-search-toggle"
            aria-expanded={props.search.open}
            aria-controls={props.search.open ? "thread-search" : undefined}
            aria-keyshortcuts="Control+F Meta+F"
            aria-label={props.search.open ? "Close search" : "Search this chat"}
            title="Search this chat (Ctrl+F)"
            onClick={props.search.toggle}
          >
            Search
          </PanelToggle>
          <PanelToggle
            ref={props.inspectorToggleRef}
            data-testid="inspector-toggle"
            aria-pressed={inspectorOpen}
            aria-controls={inspectorOpen ? "context-inspector" : undefined}
            title="What the model receives: the summary, the recent messages and the exact last input"
            onClick={onToggleInspector}
          >
            Inspect
          </PanelToggle>
          <PanelToggle
            ref={props.workspaceToggleRef}
            data-testid="workspace-toggle"
            aria-pressed={workspaceVisible}
            aria-controls={workspaceVisible ? "workspace-region" : undefined}
            title={workspaceVisible ? "Hide the workspace files" : "Show the workspace files"}
            onClick={onToggleWorkspace}
          >
            Workspace
          </PanelToggle>
        </div>
      </header>
      <WorkMovedBar threadId={threadId} />
    </>
  );
}
