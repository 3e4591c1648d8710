"use client";

import { useId } from "react";
import type { ApiThread } from "@/lib/api";
import { groupByDay } from "./date-groups";
import { ThreadListItem, type ThreadItemActions } from "./thread-list-item";
import { useDayStarts } from "./use-day-starts";

type ThreadGroupsProps = ThreadItemActions & { threads: ApiThread[]; activeId: string | null };

/** The chat list under date headings (today, yesterday, the last 7 days, older), newest first. */
export function ThreadGroups({ threads, activeId, ...actions }: ThreadGroupsProps) {
  const groups = groupByDay(threads, useDayStarts());
  const id = useId();
  return (
    <div data-thread-list="">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`${id}-${group.key}`} data-testid="thread-group" data-group={group.key} className="mb-2">
          <h2 id={`${id}-${group.key}`} className="px-2.5 pt-2 pb-1 text-xs font-medium text-neutral-600">
            {group.label}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((t) => (
              <ThreadListItem key={t.id} thread={t} active={t.id === activeId} {...actions} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
