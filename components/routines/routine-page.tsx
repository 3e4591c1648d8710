"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { readableError } from "@/components/api/api-error";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useSidePanels } from "@/components/chat/use-side-panels";
import { SidePanel } from "@/components/layout/side-panel";
import { SplitView } from "@/components/layout/split-view";
import { ToolPolicyDialog } from "@/components/mcp/tool-policy-dialog";
import { WorkspacePanel } from "@/components/workspace/workspace-panel";
import { fileHash } from "@/components/workspace/file-hash";
import { NOTES_PATH } from "@/lib/context/run-text";
import { RoutineForm } from "./routine-form";
import { RoutineHeader } from "./routine-header";
import { messageAnchor, RoutineTranscript } from "./routine-transcript";
import { RunsList } from "./runs-list";
import { useRoutine } from "./use-routine";
import { useRoutineActions } from "./use-routine-mutations";

/** One routine: its actions, its runs, its thread (a divider per run) and its workspace. */
export function RoutinePage({ id }: { id: string }) {
  const router = useRouter();
  const { load, runs } = useRoutine(id);
  const actions = useRoutineActions(id);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const panels = useSidePanels(load.kind === "ready" ? load.routine.threadId : null, null);

  if (load.kind === "loading")
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Loading routine" />
      </div>
    );
  if (load.kind === "not-found")
    return (
      <p className="m-8 text-sm text-neutral-600" data-testid="routine-not-found">
        This routine does not exist, or it is not yours.
      </p>
    );
  if (load.kind === "failed") return <Alert className="m-8">Could not load this routine: {load.message}</Alert>;
  const { routine } = load;
  // The server's lease decides: a run left "running" by a server that went away does not block Run now.
  const busy = routine.running;

  const failed = (what: string) => ({ onError: (e: unknown) => setActionError(`Could not ${what}: ${readableError(e)}`) });
  const jump = (messageId: string) => document.getElementById(messageAnchor(messageId))?.scrollIntoView({ block: "start" });

  return (
    <>
      <SplitView
        shown={panels.workspaceVisible ? WORKSPACE : null}
        onDragClosed={panels.closeWorkspace}
        main={
          <div className="flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto">
            <RoutineHeader
              routine={routine}
              busy={busy}
              onEdit={() => setEditing((v) => !v)}
              onToggle={() => {
                setActionError(null);
                actions.setEnabled.mutate(!routine.enabled, failed(routine.enabled ? "pause" : "resume"));
              }}
              onRunNow={() => {
                setActionError(null);
                actions.runNow.mutate(undefined, failed("start a run"));
              }}
              onDelete={() => setConfirmDelete(true)}
              workspaceOpen={panels.workspaceVisible}
              onToggleWorkspace={panels.toggleWorkspace}
              onToolPermissions={() => setToolsOpen(true)}
            />
            <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-4">
              {actionError && <Alert data-testid="routine-action-error">{actionError}</Alert>}
              {editing && <RoutineForm routine={routine} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />}
              <section aria-label="Instructions" className="text-sm">
                <h2 className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">Each run</h2>
                <p className="whitespace-pre-wrap" data-testid="routine-instructions-text">
                  {routine.instructions}
                </p>
                <a href={fileHash(NOTES_PATH)} className="mt-1 inline-block text-xs text-blue-700 hover:underline" data-testid="open-notes">
                  Open {NOTES_PATH}
                </a>
              </section>
              <section aria-label="Runs">
                <h2 className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">Runs</h2>
                <RunsList runs={runs} onJump={jump} />
              </section>
              <RoutineTranscript threadId={routine.threadId} />
            </div>
          </div>
        }
        side={
          <SidePanel open={panels.workspaceVisible} onClose={panels.closeWorkspace} label="Workspace" id="workspace-region" keepMounted>
            <WorkspacePanel threadId={routine.threadId} onClose={panels.closeWorkspace} />
          </SidePanel>
        }
      />
      {toolsOpen && <ToolPolicyDialog threadId={routine.threadId} scope="routine" onClose={() => setToolsOpen(false)} />}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this routine?"
        description={`“${routine.name}” stops running, and its thread and runs are removed from view.`}
        confirmLabel="Delete"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          actions.remove.mutate(undefined, { onSuccess: () => router.push("/routines"), ...failed("delete") });
        }}
      />
    </>
  );
}

const WORKSPACE = { kind: "workspace", label: "Workspace", defaultWidth: "30rem" };
