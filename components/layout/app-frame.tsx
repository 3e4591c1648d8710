"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useRef, useState, type ReactNode } from "react";
import { ShortcutHelp } from "@/components/shortcuts/shortcut-help";
import { useShortcut } from "@/components/shortcuts/use-shortcut";
import { Sheet } from "@/components/ui/sheet";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { SIDEBAR_INLINE } from "./breakpoints";

const OpenDrawer = createContext<(() => void) | null>(null);
const OpenShortcuts = createContext<(() => void) | null>(null);

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

  const [helpOpen, setHelpOpen] = useState(false);
  const inlineSidebar = useRef<HTMLDivElement>(null);

  const openDrawer = () => {
    setOpenedOn(pathname);
    setOpen(true);
  };
  const openHelp = () => setHelpOpen(true);
  useShortcut("help", openHelp);
  // Beside the page, the sidebar is already there: the shortcut takes the focus to it.
  useShortcut("open-navigation", () => {
    if (!inline) return openDrawer();
    inlineSidebar.current?.querySelector<HTMLElement>("a[aria-current=page], nav a, button")?.focus();
  });

  return (
    <OpenDrawer value={openDrawer}>
      <OpenShortcuts value={openHelp}>
        <div className="flex h-dvh overflow-hidden">
          <div ref={inlineSidebar} className="hidden w-64 shrink-0 md:flex lg:w-72">
            {sidebar}
          </div>
          <Sheet open={open} onOpenChange={setOpen} label={sidebarLabel} side="left" testId="sidebar-drawer">
            {sidebar}
          </Sheet>
          {children}
        </div>
        <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      </OpenShortcuts>
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

/** The sidebar's way to the shortcut list (also opened with "?"). */
export function ShortcutsButton() {
  const openHelp = use(OpenShortcuts);
  if (!openHelp) return null;
  return (
    <button
      type="button"
      onClick={openHelp}
      data-testid="shortcuts-button"
      className="rounded px-1.5 py-0.5 text-xs text-neutral-700 hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      Keyboard shortcuts <kbd className="ml-0.5 rounded border border-neutral-300 px-1 font-mono">?</kbd>
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
