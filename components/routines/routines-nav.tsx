"use client";

import { useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { readableError } from "@/components/api/api-error";
import { routinesQuery } from "@/components/api/queries";

/** The sidebar's Routines section: each routine links to its page; paused ones say so. */
export function RoutinesNav({ activeId }: { activeId?: string | null }) {
  const { data: routines, error: failure } = useQuery(routinesQuery());
  const error = failure ? readableError(failure) : null;
  return (
    <nav aria-label="Routines" data-testid="routines-nav" className="border-t border-neutral-200 px-2 py-2">
      <div className="flex items-center justify-between px-2 pb-1">
        <IntentLink
          href="/routines"
          data-testid="routines-link"
          className="rounded text-xs font-semibold tracking-wide text-neutral-600 uppercase hover:underline"
        >
          Routines
        </IntentLink>
        <IntentLink
          href="/routines/new"
          data-testid="new-routine"
          className="rounded px-1.5 text-xs font-medium text-neutral-700 hover:bg-neutral-200"
        >
          + New
        </IntentLink>
      </div>
      {error && <p className="px-2 text-xs text-red-700">Could not load routines: {error}</p>}
      {routines?.length === 0 && <p className="px-2 text-xs text-neutral-500">None yet: a routine runs on a schedule in its own thread.</p>}
      <ul className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
        {routines?.map((r) => (
          <li key={r.id}>
            <IntentLink
              href={`/routines/${r.id}`}
              data-testid="routine-link"
              aria-current={r.id === activeId ? "page" : undefined}
              className={`flex items-center gap-2 rounded px-2 py-1 text-sm ${r.id === activeId ? "bg-neutral-200 font-medium" : "hover:bg-neutral-100"}`}
            >
              <span className="min-w-0 flex-1 truncate">{r.name}</span>
              {!r.enabled && <span className="text-xs text-neutral-500">paused</span>}
              {r.running && <span className="text-xs text-blue-700">running</span>}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
