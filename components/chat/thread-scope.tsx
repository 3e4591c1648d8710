"use client";

import { useParams } from "next/navigation";
import { createContext, useContext, type ReactNode } from "react";

/**
 * Which thread a transcript shows (what tool cards, approvals, attachments' addresses and version
 * switches are sent for), and whether the person sees it as a chat or a routine. A routine page's
 * URL names the routine, not its thread, so the thread is provided, never read from the URL there.
 */
type ThreadScope = { threadId: string; kind: "chat" | "routine" };

const ScopeContext = createContext<ThreadScope | null>(null);

export function ThreadScopeProvider({ threadId, kind, children }: ThreadScope & { children: ReactNode }) {
  return <ScopeContext.Provider value={{ threadId, kind }}>{children}</ScopeContext.Provider>;
}

/** The provided scope, else the chat whose URL this is (/t/:id; parts shown outside a chat session, as in search). */
export function useThreadScope(): ThreadScope {
  const provided = useContext(ScopeContext);
  const { id } = useParams<{ id: string }>();
  return provided ?? { threadId: id, kind: "chat" };
}
