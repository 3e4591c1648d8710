"use client";

/*
 * Requests any part of the thread page can make of the open chat, without threading callbacks
 * through every component between them: open the chat's search (with a query, or limited to a seq
 * range) and open the transcript at a message. The chat session listens.
 */

export type ThreadSearchRequest = { q: string; range?: { from: number; to: number } };
export type JumpRequest = { seq: number; messageId: string | null };

const SEARCH = "longrun:thread-search";
const JUMP = "longrun:jump";

export const openThreadSearch = (detail: ThreadSearchRequest) => window.dispatchEvent(new CustomEvent(SEARCH, { detail }));
export const jumpToMessage = (detail: JumpRequest) => window.dispatchEvent(new CustomEvent(JUMP, { detail }));

function listen<T>(name: string, fn: (detail: T) => void): () => void {
  const handler = (e: Event) => fn((e as CustomEvent<T>).detail);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

export const onThreadSearchRequest = (fn: (r: ThreadSearchRequest) => void) => listen(SEARCH, fn);
export const onJumpRequest = (fn: (r: JumpRequest) => void) => listen(JUMP, fn);
