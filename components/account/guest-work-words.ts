import type { GuestWork } from "@/lib/api";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 chats and 1 routine": what a guest has in this browser, in words. */
export function describeGuestWork(work: GuestWork): string {
  const parts = [
    work.threads > 0 && count(work.threads, "chat", "chats"),
    work.routines > 0 && count(work.routines, "routine", "routines"),
  ];
  return parts.filter(Boolean).join(" and ");
}

export const hasGuestWork = (work: GuestWork | null): work is GuestWork => !!work && work.threads + work.routines > 0;
