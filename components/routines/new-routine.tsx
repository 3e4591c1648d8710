"use client";

import { useRouter } from "next/navigation";
import { RoutineForm } from "./routine-form";

export function NewRoutine() {
  const router = useRouter();
  return (
    <div className="mx-auto w-full max-w-2xl overflow-y-auto px-4 py-6">
      <h1 className="mb-1 text-lg font-semibold">New routine</h1>
      <p className="mb-4 text-sm text-neutral-600">
        A routine runs on a schedule in its own thread and workspace. Each run starts from routine/notes.md and a digest of its last three
        runs, and updates the notes at the end.
      </p>
      <RoutineForm onSaved={(r) => router.push(`/routines/${r.id}`)} onCancel={() => router.push("/routines")} />
    </div>
  );
}
