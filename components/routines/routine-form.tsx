"use client";

import { useState, type FormEvent } from "react";
import { readableError } from "@/components/api/api-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { cronToPreset, presetToCron, type SchedulePreset } from "@/lib/routines/presets";
import type { ApiRoutine } from "@/lib/api";
import { ScheduleFields } from "./schedule-fields";
import { SchedulePreview } from "./schedule-preview";
import { useSaveRoutine } from "./use-routine-mutations";

const INPUT = "w-full rounded-md border border-neutral-300 px-2 py-1.5 text-sm";

type RoutineFormProps = { routine?: ApiRoutine; onSaved: (r: ApiRoutine) => void; onCancel?: () => void };

/**
 * Create (no `routine`) or edit a routine; the server validates again and names a bad field.
 * Rendered in the browser only: the default time zone and the preview depend on the browser.
 */
export function RoutineForm(props: RoutineFormProps) {
  return useHydrated() ? <RoutineFormFields {...props} /> : null;
}

function RoutineFormFields({ routine, onSaved, onCancel }: RoutineFormProps) {
  const [name, setName] = useState(routine?.name ?? "");
  const [instructions, setInstructions] = useState(routine?.instructions ?? "");
  const [preset, setPreset] = useState<SchedulePreset>(routine ? cronToPreset(routine.cron) : { kind: "daily", time: "09:00" });
  const [timezone, setTimezone] = useState(routine?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const save = useSaveRoutine(routine);
  const saving = save.isPending;
  const error = save.error ? readableError(save.error) : null;
  const cron = presetToCron(preset);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ name, instructions, cron, timezone }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} data-testid="routine-form" className="flex flex-col gap-3">
      <label className="text-sm font-medium">
        Name
        <input
          className={INPUT}
          data-testid="routine-name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="text-sm font-medium">
        What to do each run
        <textarea
          className={`${INPUT} min-h-24`}
          data-testid="routine-instructions"
          value={instructions}
          maxLength={8000}
          required
          placeholder="Go through my inbox notes and send me a digest."
          onChange={(e) => setInstructions(e.target.value)}
        />
      </label>
      <div className="flex flex-col gap-1 text-sm font-medium">
        When
        <ScheduleFields value={preset} onChange={setPreset} />
      </div>
      <label className="text-sm font-medium">
        Time zone
        <input className={INPUT} data-testid="routine-timezone" value={timezone} onChange={(e) => setTimezone(e.target.value.trim())} />
      </label>
      <SchedulePreview cron={cron} timezone={timezone} />
      {error && <Alert data-testid="routine-form-error">{error}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={saving} data-testid="routine-save">
          {routine ? "Save" : "Create routine"}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
