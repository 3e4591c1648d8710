"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useState, type ReactNode } from "react";
import { Sheet } from "@/components/ui/sheet";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { SIDEBAR_INLINE } from "./breakpoints";

const OpenDrawer = createContext<(() => void) | null>(null);

type AppFrameProps = {
  /** The navigation column: beside the page from tablet width, a drawer below it. */
  sidebar: ReactNode;
  sidebarLabel: string;
  children: ReactNode;
};

/** Every page's frame: the sidebar (inline or as a drawer) and the page beside it. */
export function AppFrame({ sidebar, sidebarLabel, children }: AppFrameProps) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [openedOn, setOpenedOn] = useState(pathname);
  const inline = useMediaQuery(SIDEBAR_INLINE);
  // Following a link in the drawer, or widening the window, puts the drawer away.
  if (open && (pathname !== openedOn || inline)) setOpen(false);

  const openDrawer = () => {
    setOpenedOn(pathname);
    setOpen(true);
  };

  return (
    <OpenDrawer value={openDrawer}>
      <div className="flex h-dvh overflow-hidden">
        <div className="hidden w-64 shrink-0 md:flex lg:w-72">{sidebar}</div>
        <Sheet open={open} onOpenChange={setOpen} label={sidebarLabel} side="left" testId="sidebar-drawer">
          {sidebar}
        </Sheet>
        {children}
      </div>
    </OpenDrawer>
  );
}

/** Opens the sidebar drawer; shown only where the sidebar is not beside the page. */
export function DrawerButton({ label = "Open the navigation" }: { label?: string }) {
  const openDrawer = use(OpenDrawer);
  if (!openDrawer) return null;
  return (
    <button
      type="button"
      onClick={openDrawer}
      aria-label={label}
      title={label}
      data-testid="open-sidebar"
      className="-ml-1 grid size-9 shrink-0 place-items-center rounded-md text-neutral-700 hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-blue-600 md:hidden"
    >
      <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden>
        <path d="M3 5h14M3 10h14M3 15h14" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** A slim bar with the drawer button, for pages without a header of their own on phones. */
export function NarrowTopBar({ title }: { title: string }) {
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-neutral-200 px-3 md:hidden">
      <DrawerButton />
      <span className="truncate text-sm font-semibold text-neutral-900">{title}</span>
    </div>
  );
}
