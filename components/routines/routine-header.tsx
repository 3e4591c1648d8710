"use client";

import { Button } from "@/components/ui/button";
import type { ApiRoutine } from "@/lib/api";

const when = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

type RoutineHeaderProps = {
  routine: ApiRoutine;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onRunNow: () => void;
  onDelete: () => void;
  workspaceOpen: boolean;
  onToggleWorkspace: () => void;
  onToolPermissions: () => void;
};

/** Name, schedule in words, next run, and the actions: edit, pause/resume, Run now, delete, tool permissions, the workspace. */
export function RoutineHeader(props: RoutineHeaderProps) {
  const { routine, busy, onEdit, onToggle, onRunNow, onDelete } = props;
  // The actions wrap below the name before it drops under 16rem (a phone squeezed it to one letter).
  return (
    <header className="flex flex-wrap items-start gap-3 border-b border-neutral-200 px-4 py-3">
      <div className="min-w-[min(16rem,100%)] flex-1">
        <h1 className="truncate text-lg font-semibold" data-testid="routine-title">
          {routine.name}
        </h1>
        <p className="text-sm text-neutral-600" data-testid="routine-schedule">
          {routine.schedule}
        </p>
        <p className="text-xs text-neutral-500" data-testid="routine-next-run">
          {routine.enabled
            ? routine.nextRunAt
              ? `Next run: ${when.format(new Date(routine.nextRunAt))} (your time)`
              : "No further runs"
            : "Paused: no scheduled runs until resumed"}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onEdit} data-testid="routine-edit">
          Edit
        </Button>
        <Button size="sm" onClick={onToggle} data-testid="routine-toggle">
          {routine.enabled ? "Pause" : "Resume"}
        </Button>
        <Button
          size="sm"
          variant="primary"
          onClick={onRunNow}
          disabled={busy}
          data-testid="routine-run-now"
          title={busy ? "A run is in progress" : undefined}
        >
          Run now
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} data-testid="routine-delete">
          Delete
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onToolPermissions} aria-haspopup="dialog" data-testid="routine-tool-policy">
          Tool permissions
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={props.onToggleWorkspace}
          aria-pressed={props.workspaceOpen}
          aria-controls={props.workspaceOpen ? "workspace-region" : undefined}
          data-testid="workspace-toggle"
        >
          Workspace
        </Button>
      </div>
    </header>
  );
}
