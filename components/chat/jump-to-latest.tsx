"use client";

import { useEffect, useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";

// How far above the end the reader must be for the button to show: while a reply is written,
// past the list's own "at the end" margin (it follows the reply only from there); otherwise a
// screen away, where the newest message is out of sight.
const WHILE_REPLYING_PX = 96;

/**
 * "Jump to latest" over the live transcript when the reader has scrolled up: back to the end, where
 * the list follows the reply as it grows. The keyboard stays in the conversation.
 */
export function JumpToLatest({
  scrollRef,
  replying,
  toEnd,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  replying: boolean;
  toEnd: () => void;
}) {
  const [far, setFar] = useState(false);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const check = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      setFar(distance > (replying ? WHILE_REPLYING_PX : el.clientHeight));
    };
    check();
    el.addEventListener("scroll", check, { passive: true });
    return () => el.removeEventListener("scroll", check);
  }, [scrollRef, replying]);

  if (!far) return null;
  return (
    // Floats over the list rather than taking a row, so the list keeps its size; above it (z-10),
    // since the list's rows are positioned too and come later in the page.
    <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center">
      <Button
        size="sm"
        className="pointer-events-auto shadow-md"
        onClick={() => {
          toEnd();
          setFar(false);
          scrollRef.current?.focus({ preventScroll: true });
        }}
        data-testid="jump-to-latest"
      >
        Jump to latest ↓
      </Button>
    </div>
  );
}
