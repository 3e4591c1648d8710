"use client";

import { createContext, use, useContext, type ReactNode } from "react";
import type { Viewer } from "@/lib/api";

const ViewerContext = createContext<Promise<Viewer>>(Promise.resolve({ kind: "nobody" }));

/**
 * Who the page was rendered for (resolved on the server by the root layout). Handed down unresolved:
 * the page's first bytes leave without waiting for the session lookup, and what shows the viewer
 * waits for it inside the page's own Suspense boundary (the thread page's), else the shell does.
 */
export function ViewerProvider({ viewer, children }: { viewer: Promise<Viewer>; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export const useViewer = () => use(useContext(ViewerContext));
