import Link from "next/link";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/api/query-provider";
import { AppFrame, NarrowTopBar, ShortcutsButton } from "@/components/layout/app-frame";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { RoutinesNav } from "./routines-nav";

/** Routine pages: a slim sidebar (back to chats, the routines) beside the page. */
export function RoutinesLayout({ activeId, children }: { activeId?: string; children: ReactNode }) {
  return (
    <QueryProvider>
      <AppFrame
        sidebarLabel="Routines"
        sidebar={
          <aside className="flex min-h-0 w-full flex-1 flex-col border-r border-neutral-200 bg-neutral-50">
            <Link href="/" className="px-4 pt-3 pb-2 text-sm font-semibold tracking-tight text-neutral-900 hover:underline">
              ← Longrun Chat
            </Link>
            <RoutinesNav activeId={activeId} />
            <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 px-3 py-2">
              <ThemeToggle />
              <ShortcutsButton />
            </div>
          </aside>
        }
      >
        <main className="flex min-w-0 flex-1 flex-col">
          <NarrowTopBar title="Routines" />
          {children}
        </main>
      </AppFrame>
    </QueryProvider>
  );
}
