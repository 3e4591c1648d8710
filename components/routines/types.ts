/** A routine as /api/routines returns it (dates as ISO strings). */
export type Routine = {
  id: string;
  name: string;
  instructions: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  nextRunAt: string | null;
  threadId: string;
  running: boolean;
  schedule: string;
  nextRuns: string[];
};

export type RoutineRun = {
  id: string;
  status: "queued" | "running" | "succeeded" | "failed" | "interrupted" | "skipped";
  trigger: "scheduled" | "catch_up" | "manual";
  scheduledFor: string;
  startedAt: string | null;
  finishedAt: string | null;
  startMessageId: string | null;
  notesUpdated: boolean | null;
  error: string | null;
};

export type RoutineInput = { name: string; instructions: string; cron: string; timezone: string; enabled?: boolean };

/** A transcript row of the routine's thread, as GET /api/threads/:id/messages returns it. */
export type TranscriptMessage = { id: string; seq: number; role: string; text: string; status: string; runStart: boolean; createdAt: string };
