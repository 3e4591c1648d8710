"use client";

import { useCallback, useEffect, useState } from "react";

// Below this the chat would be squeezed by the workspace: start with it collapsed.
const WIDE_ENOUGH_FOR_WORKSPACE = "(min-width: 1024px)";

/**
 * Which panel is beside the chat. Only one fits at narrow widths, so the inspector takes the
 * workspace's place while it is open, and the workspace comes back when it closes.
 */
export function useSidePanels() {
  // Mounted only in the browser (the thread loads client-side), so reading the media query is safe.
  const [workspaceOpen, setWorkspaceOpen] = useState(() => window.matchMedia(WIDE_ENOUGH_FOR_WORKSPACE).matches);
  const [inspectorOpen, setInspectorOpen] = useState(false);

  const toggleInspector = useCallback(() => setInspectorOpen((open) => !open), []);
  const closeInspector = useCallback(() => setInspectorOpen(false), []);
  const toggleWorkspace = useCallback(() => {
    if (inspectorOpen) {
      setInspectorOpen(false);
      setWorkspaceOpen(true);
    } else {
      setWorkspaceOpen((open) => !open);
    }
  }, [inspectorOpen]);

  // Following a file link (tool cards, `#file=…`) is a request to see that file.
  useEffect(() => {
    const onHash = () => {
      if (!window.location.hash.startsWith("#file=")) return;
      setInspectorOpen(false);
      setWorkspaceOpen(true);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  return { workspaceVisible: workspaceOpen && !inspectorOpen, inspectorOpen, toggleInspector, closeInspector, toggleWorkspace };
}
