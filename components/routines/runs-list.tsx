"use client";

import type { ApiRoutineRun } from "@/lib/api";

const when = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

const STATUS_STYLE: Record<ApiRoutineRun["status"], string> = {
  queued: "bg-neutral-100 text-neutral-700",
  running: "bg-blue-100 text-blue-800",
  succeeded: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  interrupted: "bg-amber-100 text-amber-800",
  skipped: "bg-neutral-100 text-neutral-500",
  waiting: "bg-amber-100 text-amber-900",
};

function duration(run: ApiRoutineRun): string {
  if (!run.startedAt || !run.finishedAt) return "";
  const s = (new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()) / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.round(s / 60)} min`;
}

/** Runs, newest first: status, when, how long, and a link to where the run starts in the thread. */
export function RunsList({ runs, onJump }: { runs: ApiRoutineRun[]; onJump: (messageId: string) => void }) {
  if (runs.length === 0) return <p className="text-sm text-neutral-500">No runs yet. Use Run now, or wait for the schedule.</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="runs-list">
      <thead className="text-xs text-neutral-500">
        <tr>
          <th className="py-1 font-medium">Status</th>
          <th className="font-medium">Scheduled for</th>
          <th className="font-medium">Took</th>
          <th className="font-medium">Notes</th>
          <th>
            <span className="sr-only">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} data-testid="run-row" data-status={run.status} className="border-t border-neutral-100">
            <td className="py-1">
              <span className={`rounded px-1.5 py-px text-xs font-medium ${STATUS_STYLE[run.status]}`} title={run.error ?? undefined}>
                {run.status === "waiting" ? "waiting for your approval" : run.status}
              </span>
              {run.trigger !== "scheduled" && (
                <span className="ml-1 text-xs text-neutral-500">{run.trigger === "manual" ? "by hand" : "catch-up"}</span>
              )}
            </td>
            <td>{when.format(new Date(run.scheduledFor))}</td>
            <td>{duration(run)}</td>
            <td className="text-xs text-neutral-500">{run.notesUpdated === null ? "" : run.notesUpdated ? "updated" : "unchanged"}</td>
            <td className="text-right">
              {run.startMessageId && (
                <button
                  type="button"
                  className="text-xs text-blue-700 hover:underline"
                  data-testid="run-jump"
                  onClick={() => onJump(run.startMessageId!)}
                >
                  In the thread
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
