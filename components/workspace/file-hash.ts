"use client";

import { useEffect, useRef } from "react";

/*
 * Deep links: `#file=<encoded path>` opens that file in the panel (tool cards in the transcript
 * link this way). The panel also writes the open file into the hash, with replaceState so it adds
 * no history entries, which keeps a second click on the same link meaningful.
 */

const PREFIX = "#file=";

export function readFileHash(): string | null {
  if (!window.location.hash.startsWith(PREFIX)) return null;
  try {
    const path = decodeURIComponent(window.location.hash.slice(PREFIX.length));
    return path === "" ? null : path;
  } catch {
    return null; // a malformed escape: not a link we can follow
  }
}

/** The hash that opens `path`; "/" stays readable. */
export const fileHash = (path: string) => `${PREFIX}${encodeURIComponent(path).replace(/%2F/g, "/")}`;

export function writeFileHash(path: string | null) {
  const { pathname, search, hash } = window.location;
  const next = path === null ? "" : fileHash(path);
  if (hash === next || (path === null && !hash.startsWith(PREFIX))) return;
  window.history.replaceState(window.history.state, "", `${pathname}${search}${next}`);
}

/** Calls `onLink` with the linked path on mount and whenever the hash changes to a file link. */
export function useFileHashLink(onLink: (path: string) => void) {
  const onLinkRef = useRef(onLink);
  useEffect(() => {
    onLinkRef.current = onLink;
  }, [onLink]);

  useEffect(() => {
    const follow = () => {
      const path = readFileHash();
      if (path !== null) onLinkRef.current(path);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
}
