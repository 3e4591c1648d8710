"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { filesQuery } from "@/components/api/queries";
import { PANELS_INLINE } from "@/components/layout/breakpoints";
import { rememberWorkspaceChoice } from "@/components/layout/workspace-choice";
import { useMediaQuery } from "@/components/ui/use-media-query";

/**
 * Which panel is beside (or over) the chat. Only one is shown at a time, so the inspector takes
 * the workspace's place while it is open, and the workspace comes back when it closes. Until the
 * person toggles it, the workspace is open where it fits beside the chat and the thread has files
 * (an empty one would take a third of the screen for nothing), and closed where it would cover the
 * chat. A toggle is remembered per thread (`remembered`, read from its cookie by the server, which
 * renders the first frame the same way).
 */
export function useSidePanels(threadId: string | null, remembered: boolean | null) {
  const wide = useMediaQuery(PANELS_INLINE);
  // The server's copy of the list (prefetched), then the live one: the agent's first file opens the panel.
  const { data: files } = useQuery({ ...filesQuery(threadId ?? ""), enabled: threadId !== null });
  // Toggled on this page; a remembered choice applies only beside the chat (a sheet opening by
  // itself over the chat on a phone would hide what the person came to read).
  const [workspaceChoice, setWorkspaceChoice] = useState<boolean | null>(null);
  const [inspectorOpen, setInspectorOpen] = useState(false);
  const workspaceOpen = workspaceChoice ?? (wide && (remembered ?? (files?.length ?? 0) > 0));

  const choose = useCallback(
    (open: boolean) => {
      setWorkspaceChoice(open);
      if (threadId !== null) rememberWorkspaceChoice(threadId, open);
    },
    [threadId],
  );
  const toggleInspector = useCallback(() => setInspectorOpen((open) => !open), []);
  const closeInspector = useCallback(() => setInspectorOpen(false), []);
  const closeWorkspace = useCallback(() => choose(false), [choose]);
  const toggleWorkspace = useCallback(() => {
    if (inspectorOpen) {
      setInspectorOpen(false);
      choose(true);
    } else {
      choose(!workspaceOpen);
    }
  }, [inspectorOpen, workspaceOpen, choose]);

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
