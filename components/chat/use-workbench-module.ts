"use client";

import { startTransition, useEffect, useState } from "react";
import { keepServerGeometry } from "./server-geometry";
import { keepServerMarkdown } from "./server-markdown";

type WorkbenchModule = typeof import("./thread-workbench");

// The live chat (the AI SDK's chat, zod, the virtualized transcript, the side panels) is most of
// the page's script. A chunk of its own, requested when a thread first renders, it is not evaluated
// before the page hydrates, nor at all on pages without an open thread.
let loaded: WorkbenchModule | null = null;
let loading: Promise<WorkbenchModule> | null = null;

function loadWorkbench(): Promise<WorkbenchModule> {
  loading ??= import("./thread-workbench").then(
    (m) => {
      // Before the live chat renders and replaces the server's copy: its rows reuse that HTML, and
      // the transcript starts from its sizes.
      keepServerMarkdown();
      keepServerGeometry();
      return (loaded = m);
    },
    (e: unknown) => {
      loading = null; // a later mount tries again
      throw e;
    },
  );
  return loading;
}

export type WorkbenchState = { module: WorkbenchModule | null; error: unknown; retry: () => void };

/** The live chat's module: at once when an earlier thread loaded it, else once its import is done. */
export function useWorkbenchModule(): WorkbenchState {
  // Requested as the thread first renders (while the server's copy hydrates), not after mount.
  if (!loaded && typeof window !== "undefined") void loadWorkbench().catch(() => {});
  const [module, setModule] = useState<WorkbenchModule | null>(loaded);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module) return;
    let live = true;
    loadWorkbench().then(
      // A transition: React renders the live chat in slices that yield to the browser (a few ms
      // each) instead of one long task, and the server's copy stays until the commit.
      (m) => live && startTransition(() => setModule(m)),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [module, attempt]);
  return {
    module,
    error,
    retry: () => {
      if (!error) return;
      setError(null);
      setAttempt((n) => n + 1);
    },
  };
}
