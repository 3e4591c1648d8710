import { startTransition, useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * False while the page hydrates, then true, switched in a transition: React renders what the
 * switch mounts in slices of a few milliseconds between frames, instead of one long task right
 * after hydration (on the thread page, the live chat in place of the server's read-only copy).
 * True from the first render when the component mounts after hydration (a client navigation).
 */
export function useLiveAfterHydration(): boolean {
  const hydrated = useHydrated();
  const [live, setLive] = useState(hydrated);
  useEffect(() => {
    if (!live) startTransition(() => setLive(true));
  }, [live]);
  return live;
}
