"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Viewer } from "@/lib/api";

const ViewerContext = createContext<Viewer>({ kind: "nobody" });

/** Who the page was rendered for (resolved on the server by the root layout). */
export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export const useViewer = () => useContext(ViewerContext);
