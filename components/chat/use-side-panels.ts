"use client";

import { useCallback, useEffect, useState } from "react";
import { PANELS_INLINE } from "@/components/layout/breakpoints";
import { useMediaQuery } from "@/components/ui/use-media-query";

/**
 * Which panel is beside (or over) the chat. Only one is shown at a time, so the inspector takes
 * the workspace's place while it is open, and the workspace comes back when it closes. Until the
 * person toggles it, the workspace is open where it fits beside the chat and closed where it
 * would cover it.
 */
export function useSidePanels() {
  const wide = useMediaQuery(PANELS_INLINE);
  const [workspaceChoice, setWorkspaceChoice] = useState<boolean | null>(null);
  const [inspectorOpen, setInspectorOpen] = useState(false);
  const workspaceOpen = workspaceChoice ?? wide;

  const toggleInspector = useCallback(() => setInspectorOpen((open) => !open), []);
  const closeInspector = useCallback(() => setInspectorOpen(false), []);
  const closeWorkspace = useCallback(() => setWorkspaceChoice(false), []);
  const toggleWorkspace = useCallback(() => {
    if (inspectorOpen) {
      setInspectorOpen(false);
      setWorkspaceChoice(true);
    } else {
      setWorkspaceChoice(!workspaceOpen);
    }
  }, [inspectorOpen, workspaceOpen]);

  // Following a file link (tool cards, `#file=…`) is a request to see that file.
  useEffect(() => {
    const onHash = () => {
      if (!window.location.hash.startsWith("#file=")) return;
      setInspectorOpen(false);
      setWorkspaceChoice(true);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  return {
    workspaceVisible: workspaceOpen && !inspectorOpen,
    inspectorOpen,
    toggleInspector,
    closeInspector,
    toggleWorkspace,
    closeWorkspace,
  };
}
