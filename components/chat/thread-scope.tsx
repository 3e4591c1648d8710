"use client";

import { useParams } from "next/navigation";
import { createContext, useContext, type ReactNode } from "react";

/**
 * Which thread a tool card belongs to, and whether the person sees it as a chat or a routine. A
 * chat's thread id is in its URL (/t/:id); a routine page's URL names the routine, so it says
 * which thread its transcript is (without this, an approval there would be sent for the routine's id).
 */
type ThreadScope = { threadId: string; kind: "chat" | "routine" };

const ScopeContext = createContext<ThreadScope | null>(null);

export function ThreadScopeProvider({ threadId, kind, children }: ThreadScope & { children: ReactNode }) {
  return <ScopeContext.Provider value={{ threadId, kind }}>{children}</ScopeContext.Provider>;
}

/** The provided scope, else the chat whose URL this is. */
export function useThreadScope(): ThreadScope {
  const provided = useContext(ScopeContext);
  const { id } = useParams<{ id: string }>();
  return provided ?? { threadId: id, kind: "chat" };
}
