"use client";

import type { ButtonHTMLAttributes, Ref } from "react";
import { ActionsEntry } from "@/components/actions/actions-entry";
import { ContextGauge } from "@/components/context/context-gauge";
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
  const { threadId, title, context, workspaceVisible, inspectorOpen, onToggleWorkspace, onToggleInspector, inspectorToggleRef } = props;
  return (
    <>
      <header className="@container flex h-12 shrink-0 items-center gap-2 border-b border-neutral-200 px-4">
        <h1 className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-800" data-testid="thread-title">
          {title}
        </h1>
        {context && (
          <div className="hidden shrink-0 @sm:block">
            <ContextGauge info={context} />
          </div>
        )}
        <ModelPicker threadId={threadId} />
        <ResumeControls threadId={threadId} />
        <div className="flex shrink-0 items-center gap-1">
          <ActionsEntry threadId={threadId} />
          <PanelToggle
            ref={inspectorToggleRef}
            data-testid="inspector-toggle"
            aria-pressed={inspectorOpen}
            aria-controls="context-inspector"
            title="What the model receives: the summary, the recent messages and the exact last input"
            onClick={onToggleInspector}
          >
            Inspect
          </PanelToggle>
          <PanelToggle
            data-testid="workspace-toggle"
            aria-pressed={workspaceVisible}
            aria-controls="workspace-region"
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
