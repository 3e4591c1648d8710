"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef, useState, type ButtonHTMLAttributes, type Ref, type RefObject } from "react";
import { threadExportUrl } from "@/components/api/export-client";
import { actionsQuery } from "@/components/api/queries";
import { ActionsDialog } from "@/components/actions/actions-dialog";
import { ToolPolicyDialog } from "@/components/mcp/tool-policy-dialog";
import { ActionsEntry } from "@/components/actions/actions-entry";
import { ContextGauge, gaugeWords } from "@/components/context/context-gauge";
import { DrawerButton } from "@/components/layout/app-frame";
import { SIDEBAR_INLINE } from "@/components/layout/breakpoints";
import { ContinueButton, useContinueDialog } from "@/components/resume/continue-dialog";
import { WorkMovedBar } from "@/components/resume/resume-controls";
import { useElementWidth } from "@/components/ui/use-element-width";
import { useMediaQuery } from "@/components/ui/use-media-query";
import type { ContextInfo } from "@/lib/api";
import { fitHeader } from "./header-fit";
import { HeaderTitle } from "./header-title";
import { HeaderMoreMenu, type MoreEntry } from "./header-more-menu";
import { ModelPicker, useModelChoice } from "./model-picker";

type ThreadHeaderProps = {
  threadId: string;
  title: string;
  context: ContextInfo | null;
  workspaceVisible: boolean;
  inspectorOpen: boolean;
  onToggleWorkspace: () => void;
  onToggleInspector: () => void;
  inspectorToggleRef: RefObject<HTMLButtonElement | null>;
  workspaceToggleRef: Ref<HTMLButtonElement>;
  /** The chat's search box (ThreadSearch), shown over the transcript. */
  search: { open: boolean; toggle: () => void; toggleRef: RefObject<HTMLButtonElement | null> };
};

/** A header switch for a side panel; pressed while its panel is showing. */
function PanelToggle({ ref, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      className="inline-flex h-7 shrink-0 items-center rounded-md px-2 text-xs font-medium text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-pressed:bg-neutral-200 aria-pressed:text-neutral-900"
      {...props}
    />
  );
}

/*
 * Widths (px, with the 8 px gap before each) of what the row holds: measured once on this build and
 * rounded up, so a control goes to the menu a little early rather than pushing the row past its width.
 */
const PADDING = 32;
// The title's 8rem and its rename button.
const TITLE_MIN = 128 + 36;
const WORKSPACE = 96;
const DRAWER = 44;
const MORE = 44;
const WIDTH = { actions: 84, waiting: 24, inspect: 72, search: 72, gauge: 230, model: 200, continue: 84 };

/**
 * The open thread's title, how full the model's context is, and its controls: one row at any
 * width. What does not fit goes into the "More" menu, least used first (header-fit.ts); on a phone
 * that is all but the workspace switch.
 */
export function ThreadHeader(props: ThreadHeaderProps) {
  const { threadId, title, context, workspaceVisible, inspectorOpen, onToggleWorkspace, onToggleInspector } = props;
  const header = useRef<HTMLElement>(null);
  const width = useElementWidth(header);
  const drawer = !useMediaQuery(SIDEBAR_INLINE);
  const { data: actions } = useQuery(actionsQuery(threadId));
  const waiting = actions?.filter((a) => a.status === "needs_human").length ?? 0;
  const model = useModelChoice(threadId);
  const resume = useContinueDialog(threadId);
  const [actionsOpen, setActionsOpen] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);

  const controls = [
    ...(actions?.length ? [{ id: "actions", width: WIDTH.actions + (waiting > 0 ? WIDTH.waiting : 0) }] : []),
    { id: "inspect", width: WIDTH.inspect },
    { id: "search", width: WIDTH.search },
    ...(context ? [{ id: "gauge", width: WIDTH.gauge }] : []),
    ...(model ? [{ id: "model", width: WIDTH.model }] : []),
    { id: "continue", width: WIDTH.continue },
  ];
  // The menu always stands in the row: the chat's exports live there at every width.
  const fixed = PADDING + TITLE_MIN + WORKSPACE + MORE + (drawer ? DRAWER : 0);
  const { inline, overflow } = fitHeader(width, fixed, 0, controls);
  const more: Record<string, MoreEntry | null> = {
    actions: {
      kind: "item",
      id: "actions-entry",
      label: "Actions",
      hint: waiting > 0 ? `${waiting} need${waiting === 1 ? "s" : ""} a decision` : undefined,
      onSelect: () => setActionsOpen(true),
    },
    inspect: {
      kind: "check",
      id: "inspector-toggle",
      label: "Inspect the model input",
      checked: inspectorOpen,
      onSelect: onToggleInspector,
    },
    search: { kind: "item", id: "thread-search-toggle", label: "Search this chat", hint: "Ctrl+F", onSelect: props.search.toggle },
    gauge: context && { kind: "note", id: "context-gauge-words", label: gaugeWords(context) },
    model: model && { kind: "model", id: "model", choice: model },
    continue: { kind: "item", id: "continue-new-chat", label: "Continue in a new chat…", onSelect: resume.open },
  };
  const alwaysInMenu: MoreEntry[] = [
    { kind: "item", id: "tool-policy-entry", label: "Tool permissions…", onSelect: () => setToolsOpen(true) },
    { kind: "download", id: "export-markdown", label: "Export as Markdown", href: threadExportUrl(threadId, "md") },
    { kind: "download", id: "export-json", label: "Export as JSON", href: threadExportUrl(threadId, "json") },
  ];
  // A panel or the search box closed from inside gives focus back to its switch, or to the menu holding it.
  const moreRef = (el: HTMLButtonElement | null) => {
    if (!inline.has("inspect")) props.inspectorToggleRef.current = el;
    if (!inline.has("search")) props.search.toggleRef.current = el;
  };

  return (
    <>
      <header
        ref={header}
        className="@container flex h-12 shrink-0 flex-nowrap items-center gap-2 border-b border-neutral-200 px-3 sm:px-4"
        data-testid="thread-header"
      >
        <DrawerButton />
        <HeaderTitle threadId={threadId} title={title} />
        {context && inline.has("gauge") && <ContextGauge info={context} />}
        {model && inline.has("model") && <ModelPicker choice={model} />}
        {inline.has("continue") && <ContinueButton dialog={resume} />}
        {inline.has("actions") && <ActionsEntry threadId={threadId} />}
        {inline.has("search") && (
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
        )}
        {inline.has("inspect") && (
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
        )}
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
        <HeaderMoreMenu
          triggerRef={moreRef}
          entries={[...overflow.map((id) => more[id]).filter((e): e is MoreEntry => e !== null && e !== undefined), ...alwaysInMenu]}
        />
      </header>
      {resume.dialog}
      {actionsOpen && <ActionsDialog threadId={threadId} onClose={() => setActionsOpen(false)} />}
      {toolsOpen && <ToolPolicyDialog threadId={threadId} onClose={() => setToolsOpen(false)} />}
      <WorkMovedBar threadId={threadId} />
    </>
  );
}
