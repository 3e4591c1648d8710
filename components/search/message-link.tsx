"use client";

import { useParams } from "next/navigation";
import type { MouseEvent, ReactNode } from "react";
import { jumpToMessage } from "./page-events";

/**
 * A link to one message of the open chat: a click opens the transcript at it (loading its page
 * if it is far back) and highlights it; a new tab opens the thread at it (?seq=&m=).
 */
export function MessageLink({
  seq,
  messageId,
  children,
  label,
}: {
  seq: number;
  messageId: string | null;
  children: ReactNode;
  label?: string;
}) {
  const { id: threadId } = useParams<{ id: string }>();
  const href = `/t/${encodeURIComponent(threadId ?? "")}?seq=${seq}${messageId ? `&m=${encodeURIComponent(messageId)}` : ""}`;
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    jumpToMessage({ seq, messageId });
  };
  return (
    <a
      href={href}
      onClick={open}
      aria-label={label}
      data-testid="message-link"
      data-seq={seq}
      className="rounded text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {children}
    </a>
  );
}
